import type { ColumnDef } from '@tanstack/react-table';
import { formatDateTime, type reviewQueueSchema } from '@sorteio/shared';
import type { z } from 'zod';
import { useState } from 'react';
import { DataTable } from '@/components/data-table';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import type { ReviewStatus } from '../api/admin-user-keys';
import { useReviewQueue } from '../api/get-review-queue';

type QueueItem = z.infer<typeof reviewQueueSchema>[number];

/** The identity review queue: pending first, oldest first (the server orders it). */
export function ReviewQueue({ onOpen }: { onOpen: (userId: string) => void }) {
  const [status, setStatus] = useState<ReviewStatus>('pendente');
  const queue = useReviewQueue(status);
  const columns: ColumnDef<QueueItem, unknown>[] = [
    { id: 'nome', header: 'Nome', cell: ({ row }) => row.original.nomeCompleto ?? '—' },
    { accessorKey: 'email', header: 'Email' },
    {
      id: 'doc',
      header: 'Documento',
      cell: ({ row }) =>
        `${row.original.tipoDocumento.toUpperCase()} ${row.original.numeroDocumento}`,
    },
    {
      id: 'enviado',
      header: 'Enviado em',
      cell: ({ row }) => formatDateTime(row.original.submittedAt),
    },
    {
      id: 'acoes',
      header: 'Ações',
      cell: ({ row }) => (
        <Button size="sm" variant="outline" onClick={() => onOpen(row.original.userId)}>
          Revisar
        </Button>
      ),
    },
  ];
  return (
    <section aria-labelledby="review-queue-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="review-queue-title" className="text-lg font-semibold">
          Verificações de identidade
        </h2>
        <NativeSelect
          aria-label="Situação das verificações"
          value={status}
          onChange={(e) => setStatus(e.target.value as ReviewStatus)}
          className="w-44"
        >
          <option value="pendente">Pendentes</option>
          <option value="rejeitado">Rejeitadas</option>
          <option value="verificado">Aprovadas</option>
        </NativeSelect>
      </div>
      {queue.isPending ? (
        <Spinner />
      ) : queue.isError ? (
        <LoadError
          title="Erro ao carregar verificações"
          message={queue.error.message}
          onRetry={() => void queue.refetch()}
        />
      ) : (
        <DataTable
          label="Fila de verificação de identidade"
          columns={columns}
          data={queue.data}
          getRowId={(r) => r.userId}
          empty="Nenhuma verificação nesta situação."
        />
      )}
    </section>
  );
}
