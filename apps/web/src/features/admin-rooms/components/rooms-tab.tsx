import {
  adminMessages,
  can,
  formatBRL,
  roomEditMessages,
  roomTypeLabel,
  type AdminRoom,
} from '@sorteio/shared';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table';
import { LoadError } from '@/components/load-error';
import { DialogHeading, DialogShell } from '@/components/dialog-shell';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth/use-auth';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { countOf } from '@/lib/plural';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { useCancelRoom } from '../api/cancel-room';
import { useDeleteRoom } from '../api/delete-room';
import { useDrawRoom } from '../api/draw-room';
import { useAdminRooms } from '../api/get-admin-rooms';
import { useCancelPreview } from '../api/get-cancel-preview';
import { useSetRoomStatus } from '../api/set-room-status';
import { CancelRoomSummary } from './cancel-room-summary';
import { RoomFormDialog } from './room-form-dialog';
import { type RoomAction, roomColumns } from './rooms-columns';

type Confirm = { room: AdminRoom; action: 'delete' | 'cancel' | 'draw' } | null;

const confirmTexts = {
  delete: {
    title: 'Excluir sala?',
    body: roomEditMessages.deleteHint,
    button: 'Excluir',
  },
  cancel: {
    title: 'Cancelar sala?',
    body: 'Cada entrada paga volta para onde veio (Saldo ou Cashback), o cashback que ela rendeu é estornado e as reservas são liberadas.',
    button: 'Cancelar sala',
  },
  draw: {
    title: 'Sortear agora?',
    body: roomEditMessages.drawClosedHint,
    button: 'Sortear',
  },
} as const;

/** The draw dialog says what the server will do: close an open room first, then draw. */
const drawBody = (room: AdminRoom) =>
  room.status === 'aberta' ? roomEditMessages.drawOpenHint : roomEditMessages.drawClosedHint;

/** Seats held for a PIX not yet paid (participantesAtual counts them, paidSeats does not). */
const pendingSeatsOf = (room: AdminRoom) => Math.max(0, room.participantesAtual - room.paidSeats);

/** Spec 001 "Admin rooms tab": newest first, create/edit, open/close, delete, draw, cancel. */
export function RoomsTab() {
  const { user, loading } = useAuth();
  const canManage = can(user?.role, 'rooms.manage');
  const { notify } = useNotifications();
  const rooms = useAdminRooms();
  const [editing, setEditing] = useState<{ room: AdminRoom | null } | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const { mutate: setStatus } = useSetRoomStatus();
  const remove = useDeleteRoom();
  const draw = useDrawRoom();
  const cancel = useCancelRoom();
  const preview = useCancelPreview(confirm?.action === 'cancel' ? confirm.room.id : null);

  const columns = useMemo(
    () =>
      roomColumns({
        canManage,
        onAction: (room: AdminRoom, action: RoomAction) => {
          if (action === 'edit') setEditing({ room });
          else if (action === 'toggle')
            setStatus(
              { id: room.id, status: room.status === 'aberta' ? 'fechada' : 'aberta' },
              {
                onSuccess: (r) =>
                  notify({
                    type: 'success',
                    title: adminMessages.roomUpdated,
                    message: r.status === 'aberta' ? 'Sala aberta.' : 'Sala fechada.',
                  }),
                onError: (e) =>
                  notify({
                    type: 'error',
                    title: adminMessages.roomUpdateError,
                    message: e.message,
                  }),
              },
            );
          else setConfirm({ room, action });
        },
      }),
    [canManage, notify, setStatus],
  );

  const runConfirmed = () => {
    if (!confirm) return;
    const { room, action } = confirm;
    const close = () => setConfirm(null);
    if (action === 'delete')
      remove.mutate(room.id, {
        onSuccess: () => {
          notify({ type: 'success', title: adminMessages.roomDeleted });
          close();
        },
        onError: (e) => {
          notify({ type: 'error', title: adminMessages.roomDeleteError, message: e.message });
          close();
        },
      });
    else if (action === 'cancel')
      cancel.mutate(room.id, {
        onSuccess: (r) => {
          notify({
            type: 'success',
            title: adminMessages.roomUpdated,
            message: `Sala cancelada; ${countOf(r.refunded, 'entrada reembolsada', 'entradas reembolsadas')}.`,
          });
          close();
        },
        onError: (e) => {
          notify({ type: 'error', title: adminMessages.roomUpdateError, message: e.message });
          close();
        },
      });
    else
      draw.mutate(room.id, {
        onSuccess: (r) => {
          notify({
            type: 'success',
            title: adminMessages.roomUpdated,
            message:
              r.result === 'drawn'
                ? 'Sorteio realizado. A prova já está publicada.'
                : r.result === 'pending'
                  ? `Lista de participantes congelada. ${r.motivo ?? 'Aguardando o beacon público.'}`
                  : 'Sem participantes suficientes: a sala foi cancelada e reembolsada.',
          });
          close();
        },
        onError: (e) => {
          notify({ type: 'error', title: adminMessages.roomUpdateError, message: e.message });
          close();
        },
      });
  };
  const busy = remove.isPending || cancel.isPending || draw.isPending;
  // Nothing is confirmed blind: a cancellation waits for its refunds to be shown, a draw is not
  // offered while a PIX seat is still being paid (the server would refuse it).
  const blocked =
    confirm?.action === 'cancel'
      ? !preview.isSuccess
      : confirm?.action === 'draw' && pendingSeatsOf(confirm.room) > 0;

  if (loading || rooms.isPending) return <Spinner label={adminMessages.roomsLoading} showLabel />;
  if (rooms.isError)
    return (
      <LoadError
        title="Erro ao carregar salas"
        message={rooms.error.message}
        onRetry={() => void rooms.refetch()}
      />
    );
  return (
    <section aria-labelledby="rooms-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="rooms-title" className="text-lg font-semibold">
          Salas
        </h2>
        {canManage && (
          <Button onClick={() => setEditing({ room: null })}>
            <Plus aria-hidden="true" />
            Nova Sala
          </Button>
        )}
      </div>
      <DataTable
        label="Salas"
        columns={columns}
        data={rooms.data}
        getRowId={(r) => r.id}
        empty={adminMessages.roomsEmpty}
      />
      <RoomFormDialog
        open={editing !== null}
        room={editing?.room ?? null}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      <DialogShell
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        className={confirm?.action === 'cancel' ? 'sm:max-w-2xl' : undefined}
      >
        {confirm && (
          <>
            <DialogHeading
              title={confirmTexts[confirm.action].title}
              description={
                <>
                  Sala {roomTypeLabel(confirm.room.tipoSala)} de{' '}
                  {formatBRL(confirm.room.valorEntrada)} (
                  {countOf(confirm.room.participantesAtual, 'participante', 'participantes')}).{' '}
                  {confirm.action === 'draw'
                    ? `${drawBody(confirm.room)} ${countOf(confirm.room.paidSeats, 'participação confirmada', 'participações confirmadas')}.`
                    : confirmTexts[confirm.action].body}
                </>
              }
            />
            {confirm.action === 'cancel' && <CancelRoomSummary preview={preview} />}
            {confirm.action === 'draw' && pendingSeatsOf(confirm.room) > 0 && (
              <Alert variant="warning">
                <AlertDescription>{roomEditMessages.drawPendingPix}</AlertDescription>
              </Alert>
            )}
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Voltar</Button>
              </DialogClose>
              <Button
                variant={confirm.action === 'draw' ? 'default' : 'destructive'}
                disabled={busy || blocked}
                onClick={runConfirmed}
              >
                {confirmTexts[confirm.action].button}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogShell>
    </section>
  );
}
