import { zodResolver } from '@hookform/resolvers/zod';
import { updatePrivateRoomInputSchema, type PrivateRoom } from '@sorteio/shared';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { InputField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useUpdatePrivateRoom } from '../api/update-private-room';

type EditFields = z.input<typeof updatePrivateRoomInputSchema>;
type EditOutput = z.output<typeof updatePrivateRoomInputSchema>;

/** Nome da Sala / Nome Personalizado: shown only to whom the server lets edit (canEdit). */
export function RoomEditForm({ room }: { room: PrivateRoom }) {
  const { notify } = useNotifications();
  const update = useUpdatePrivateRoom();
  const form = useForm<EditFields, unknown, EditOutput>({
    resolver: zodResolver(updatePrivateRoomInputSchema),
    defaultValues: { roomName: room.roomName, customName: room.customName ?? '' },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) => {
    update.mutate(
      { id: room.id, ...values },
      {
        onSuccess: () => {
          notify({ type: 'success', title: 'Sala atualizada!' });
        },
        onError: (error) => {
          notify({ type: 'error', title: 'Erro ao atualizar sala', message: error.message });
        },
      },
    );
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>Editar sala</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate>
          <InputField
            id="edit-room-name"
            label="Nome da Sala"
            error={errors.roomName?.message}
            maxLength={60}
            registration={form.register('roomName')}
          />
          <InputField
            id="edit-custom-name"
            label="Nome Personalizado"
            error={errors.customName?.message}
            maxLength={60}
            registration={form.register('customName')}
          />
          <Button type="submit" className="w-fit" disabled={update.isPending}>
            {update.isPending ? 'Salvando...' : 'Salvar Alterações'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
