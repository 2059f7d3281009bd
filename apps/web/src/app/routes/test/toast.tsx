import { Button } from '@/components/ui/button';
import { useNotifications } from '@/lib/notifications/use-notifications';

/** Test-only (VITE_TEST_ROUTES=1): fires toasts with known durations for the e2e suite. */
export default function ToastTestPage() {
  const { notify } = useNotifications();
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-12">
      <h1 className="text-2xl font-bold">Teste de notificações</h1>
      <div className="flex flex-wrap gap-3">
        <Button
          onClick={() => {
            notify({
              type: 'success',
              title: 'Notificação de sucesso',
              message: 'Some sozinha em 1,5 segundo.',
              duration: 1500,
            });
          }}
        >
          Notificação temporária
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            notify({
              type: 'warning',
              title: 'Notificação fixa',
              message: 'Fica na tela até ser fechada.',
              duration: 0,
            });
          }}
        >
          Notificação fixa
        </Button>
      </div>
    </div>
  );
}
