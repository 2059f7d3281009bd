import type { ColumnDef } from '@tanstack/react-table';
import { formatBRL, type RoomCancelPreview } from '@sorteio/shared';
import { DataTable } from '@/components/data-table';
import { LoadError } from '@/components/load-error';
import { Spinner } from '@/components/ui/spinner';
import { countOf } from '@/lib/plural';

type Player = RoomCancelPreview['players'][number];

const columns: ColumnDef<Player, unknown>[] = [
  {
    id: 'jogador',
    header: 'Jogador',
    cell: ({ row }) => (
      <span className="flex flex-col">
        <span className="font-medium">{row.original.name}</span>
        <span className="text-xs text-muted-foreground">{row.original.email}</span>
      </span>
    ),
  },
  {
    id: 'reembolso',
    header: 'Reembolso',
    cell: ({ row }) => (
      <span className="tabular-nums">
        {formatBRL(row.original.amount)}
        {row.original.toCashback > 0 && (
          <span className="block text-xs text-muted-foreground">
            {formatBRL(row.original.toSaldo)} no Saldo, {formatBRL(row.original.toCashback)} no
            Cashback
          </span>
        )}
      </span>
    ),
  },
  {
    id: 'estorno',
    header: 'Cashback estornado',
    cell: ({ row }) => (
      <span className="tabular-nums">{formatBRL(row.original.cashbackReversed)}</span>
    ),
  },
];

/**
 * What "Cancelar e reembolsar" will do, shown before the operator confirms (issue 35: a staff
 * money action shows the amount and the affected players first).
 */
export function CancelRoomSummary({
  preview,
}: {
  preview: {
    isPending: boolean;
    isError: boolean;
    error: Error | null;
    data: RoomCancelPreview | undefined;
    refetch: () => unknown;
  };
}) {
  if (preview.isPending) return <Spinner label="Calculando os reembolsos..." showLabel />;
  if (preview.isError || !preview.data)
    return (
      <LoadError
        title="Erro ao calcular os reembolsos"
        message={preview.error?.message}
        onRetry={() => void preview.refetch()}
      />
    );
  const { total, players, pendingSeats } = preview.data;
  return (
    // min-w-0: inside the dialog's grid the table scrolls on its own instead of widening the dialog.
    <div className="flex min-w-0 flex-col gap-3 text-sm">
      <p className="font-medium">
        {players.length > 0
          ? `Total a reembolsar: ${formatBRL(total)} para ${countOf(players.length, 'jogador', 'jogadores')}.`
          : 'Nenhuma entrada paga: nada a reembolsar.'}
      </p>
      {players.length > 0 && (
        <DataTable
          label="Jogadores afetados"
          columns={columns}
          data={players}
          getRowId={(p) => p.userId}
        />
      )}
      {pendingSeats > 0 && (
        <p className="text-muted-foreground">
          {countOf(
            pendingSeats,
            'reserva PIX sem pagamento será liberada',
            'reservas PIX sem pagamento serão liberadas',
          )}
          .
        </p>
      )}
    </div>
  );
}
