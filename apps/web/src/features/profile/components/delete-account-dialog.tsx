import { zodResolver } from '@hookform/resolvers/zod';
import { deleteAccountInputSchema } from '@sorteio/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormField } from '@/components/form-field';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { authKeys } from '@/lib/auth/get-me';
import { useAuth } from '@/lib/auth/use-auth';
import { errorMessageOf } from '@/lib/errors';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useDeleteAccount } from '../api/delete-account';

/** Account deletion: the person types EXCLUIR and the password. */
export function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="destructive">
          <Trash2 aria-hidden="true" />
          Excluir minha conta
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Excluir minha conta</DialogTitle>
          <DialogDescription>
            Esta ação não pode ser desfeita. Seus dados pessoais (nome, CPF, telefone, endereço,
            chave PIX e documentos) serão anonimizados e você não poderá mais entrar com esta conta.
            Os registros financeiros (participações, pagamentos e prêmios) são mantidos pelo prazo
            exigido por lei.
          </DialogDescription>
        </DialogHeader>
        {open && <DeleteAccountForm />}
      </DialogContent>
    </Dialog>
  );
}

function DeleteAccountForm() {
  const { signOut } = useAuth();
  const { notify } = useNotifications();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteAccount();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(deleteAccountInputSchema),
    defaultValues: { confirmacao: '' as 'EXCLUIR', senha: '' },
  });
  const ready = watch('confirmacao') === 'EXCLUIR' && watch('senha') !== '';

  const onSubmit = handleSubmit(async (values) => {
    try {
      await remove.mutateAsync(values);
    } catch (error) {
      notify({ type: 'error', title: 'Erro ao excluir conta', message: errorMessageOf(error) });
      return;
    }
    // Leave the private screen first, so its guard does not bounce to /login on the way out.
    await navigate('/', { replace: true });
    try {
      await signOut();
    } catch {
      // The server has already ended the sessions of the deleted account: forget ours locally.
      queryClient.setQueryData(authKeys.me(), { user: null });
    }
    notify({
      type: 'success',
      title: 'Conta excluída',
      message: 'Seus dados pessoais foram anonimizados.',
    });
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <FormField
        id="delete-confirmacao"
        label={
          <span>
            Digite <strong>EXCLUIR</strong> para confirmar
          </span>
        }
        error={errors.confirmacao?.message}
      >
        {(describedBy) => (
          <Input
            id="delete-confirmacao"
            autoComplete="off"
            autoCapitalize="characters"
            aria-invalid={errors.confirmacao ? true : undefined}
            aria-describedby={describedBy}
            {...register('confirmacao')}
          />
        )}
      </FormField>
      <FormField id="delete-senha" label="Sua senha" error={errors.senha?.message}>
        {(describedBy) => (
          <PasswordInput
            id="delete-senha"
            autoComplete="current-password"
            aria-invalid={errors.senha ? true : undefined}
            aria-describedby={describedBy}
            {...register('senha')}
          />
        )}
      </FormField>
      <DialogFooter>
        <Button
          type="submit"
          variant="destructive"
          disabled={!ready || remove.isPending}
          aria-busy={remove.isPending}
        >
          <Trash2 aria-hidden="true" />
          {remove.isPending ? 'Excluindo...' : 'Excluir definitivamente'}
        </Button>
      </DialogFooter>
    </form>
  );
}
