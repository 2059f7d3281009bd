import { parseBRL } from '@sorteio/shared';
import { Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { DialogHeading, DialogShell } from '@/components/dialog-shell';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useCreatePrivateRoom } from '../api/create-private-room';

/** Spec 001 sections 5 and 9: defaults R$ 10 and 10 seats; 2..100 seats. */
export const DEFAULT_ENTRY_REAIS = '10';
export const DEFAULT_MAX_PARTICIPANTS = 10;

interface CreateRoomFields {
  roomName: string;
  entryValue: string;
  maxParticipants: string;
}

/** Spec 001 section 5: an unparsable entry value becomes 0, which the server refuses with its text. */
export function parseEntryValue(text: string): number {
  return parseBRL(text) ?? 0;
}

/** Spec 001 section 5: an unparsable maximum becomes 10. */
export function parseMaxParticipants(text: string): number {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(value) ? value : DEFAULT_MAX_PARTICIPANTS;
}

/** 'Criar Nova Sala Privada': the trigger is `trigger`, a button. */
export function CreateRoomDialog({ trigger }: { trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const { notify } = useNotifications();
  const create = useCreatePrivateRoom();
  const form = useForm<CreateRoomFields>({
    defaultValues: {
      roomName: '',
      entryValue: DEFAULT_ENTRY_REAIS,
      maxParticipants: String(DEFAULT_MAX_PARTICIPANTS),
    },
  });
  const roomName = form.watch('roomName');

  const submit = form.handleSubmit((fields) => {
    create.mutate(
      {
        roomName: fields.roomName.trim(),
        entryValue: parseEntryValue(fields.entryValue),
        maxParticipants: parseMaxParticipants(fields.maxParticipants),
      },
      {
        onSuccess: () => {
          notify({
            type: 'success',
            title: 'Sala criada!',
            message: 'Sua sala privada foi criada com sucesso.',
          });
          form.reset();
          setOpen(false);
        },
        onError: (error) => {
          notify({ type: 'error', title: 'Erro ao criar sala', message: error.message });
        },
      },
    );
  });

  return (
    <DialogShell open={open} onOpenChange={setOpen} trigger={trigger}>
      <DialogHeading
        title="Criar Nova Sala Privada"
        description="Convide amigos com o código ou o link da sala."
      />
      <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate>
        <div className="flex flex-col gap-2">
          <Label htmlFor="room-name">Nome da Sala</Label>
          <Input id="room-name" maxLength={60} autoComplete="off" {...form.register('roomName')} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="room-entry">Valor da Entrada</Label>
          <Input id="room-entry" inputMode="decimal" {...form.register('entryValue')} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="room-max">Máx. Participantes</Label>
          <Input
            id="room-max"
            type="number"
            min={2}
            max={100}
            step={1}
            {...form.register('maxParticipants')}
          />
        </div>
        <DialogFooter>
          <Button type="submit" disabled={roomName.trim() === '' || create.isPending}>
            {create.isPending ? 'Criando...' : 'Criar Sala'}
          </Button>
        </DialogFooter>
      </form>
    </DialogShell>
  );
}

export function CreateRoomButton({ label = 'Criar Sala' }: { label?: string }) {
  return (
    <CreateRoomDialog
      trigger={
        <Button>
          <Plus aria-hidden="true" />
          {label}
        </Button>
      }
    />
  );
}
