import { formatDateTime } from '@sorteio/shared/format';
import { useDashboard } from '../api/get-dashboard';

/** "Last update" line (spec 000 section 2): when the server computed the figures. */
export function DashboardFooter() {
  const dashboard = useDashboard();
  const generatedAt = dashboard.data?.generatedAt;
  return (
    <p className="text-center text-xs text-muted-foreground">
      {generatedAt ? (
        <>
          Última atualização: <time dateTime={generatedAt}>{formatDateTime(generatedAt)}</time>
        </>
      ) : dashboard.isError ? (
        'Não foi possível atualizar os números agora.'
      ) : (
        'Atualizando...'
      )}
      {' · '}Atualiza a cada 30 segundos
    </p>
  );
}
