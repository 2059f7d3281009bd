import { zodResolver } from '@hookform/resolvers/zod';
import { deleteAccountInputSchema, formatBRL, moneyTerms } from '@sorteio/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { InputField, PasswordField } from '@/components/form-field';
import { DialogHeading, DialogShell } from '@/components/dialog-shell';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { authKeys } from '@/lib/auth/get-me';
import { useAuth } from '@/lib/auth/use-auth';
import { errorMessageOf } from '@/lib/errors';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { useDeleteAccount } from '../api/delete-account';
import { useRemainingBalances } from '../api/get-remaining-balances';

/** Account deletion: the person types EXCLUIR and the password. */
export function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  return (
    <DialogShell
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="destructive">
          <Trash2 aria-hidden="true" />
          Excluir minha conta
        </Button>
      }
    >
      <DialogHeading
        title="Excluir minha conta"
        description={
          <>
            Esta ação não pode ser desfeita. Seus dados pessoais (nome, CPF, telefone, endereço,
            chave PIX e documentos) serão anonimizados e você não poderá mais entrar com esta conta.
            Os registros financeiros (participações, pagamentos e prêmios) são mantidos pelo prazo
            exigido por lei.
          </>
        }
      />
      {open && <RemainingMoney />}
      {open && <DeleteAccountForm />}
    </DialogShell>
  );
}

/**
 * What happens to the money, as the server does it: the deletion moves no money. The Saldo and the
 * Cashback stay recorded in the anonymized account, which nobody can sign into any more, so the
 * Saldo can no longer be withdrawn and the Cashback no longer used; a prize drawn afterwards for
 * an entry still in play goes to that same Saldo.
 */
export const remainingMoneyTexts = {
  heading: 'O que acontece com o seu dinheiro',
  saldo: (saldo: string) =>
    `Você tem ${saldo} no ${moneyTerms.saldo}. A exclusão não envia nem devolve esse valor: saque antes de excluir, porque depois ninguém poderá sacá-lo.`,
  saldoZero: `Seu ${moneyTerms.saldo} está zerado: não há valor para sacar.`,
  cashback: (cashback: string) =>
    `O ${moneyTerms.cashback} de ${cashback} não pode ser sacado e deixa de valer com a exclusão.`,
  inPlay:
    'Se você tem entradas em salas ainda não sorteadas, espere o sorteio: um prêmio creditado depois da exclusão fica na conta excluída e não pode ser sacado.',
  unknown: `Não foi possível ler seu ${moneyTerms.saldo} agora. Confira a página Cashback e saque o ${moneyTerms.saldo} antes de excluir.`,
} as const;

function RemainingMoney() {
  const balances = useRemainingBalances(true);
  const wallet = balances.data;
  return (
    <section
      aria-labelledby="remaining-money-title"
      className="flex flex-col gap-1.5 rounded-lg border border-warning/50 bg-warning/10 p-3 text-sm"
    >
      <h3 id="remaining-money-title" className="font-semibold">
        {remainingMoneyTexts.heading}
      </h3>
      {balances.isPending && <p className="text-muted-foreground">Carregando seu saldo...</p>}
      {balances.isError && <p>{remainingMoneyTexts.unknown}</p>}
      {wallet && (
        <>
          <p>
            {wallet.saldo > 0
              ? remainingMoneyTexts.saldo(formatBRL(wallet.saldo))
              : remainingMoneyTexts.saldoZero}
          </p>
          {wallet.cashback > 0 && <p>{remainingMoneyTexts.cashback(formatBRL(wallet.cashback))}</p>}
        </>
      )}
      <p>{remainingMoneyTexts.inPlay}</p>
      {wallet && wallet.saldo > 0 && (
        <Link
          to="/cashback"
          className="w-fit font-medium text-primary underline underline-offset-4"
        >
          Sacar meu {moneyTerms.saldo}
        </Link>
      )}
    </section>
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
      <InputField
        id="delete-confirmacao"
        label={
          <span>
            Digite <strong>EXCLUIR</strong> para confirmar
          </span>
        }
        error={errors.confirmacao?.message}
        autoComplete="off"
        autoCapitalize="characters"
        registration={register('confirmacao')}
      />
      <PasswordField
        id="delete-senha"
        label="Sua senha"
        error={errors.senha?.message}
        autoComplete="current-password"
        registration={register('senha')}
      />
      <DialogFooter>
        <SubmitButton
          variant="destructive"
          disabled={!ready}
          busy={remove.isPending}
          icon={Trash2}
          busyLabel="Excluindo..."
        >
          Excluir definitivamente
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
