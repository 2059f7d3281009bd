import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useStatement } from '../api/list-statement';
import { useWallet } from '../api/get-wallet';
import { useWithdrawals } from '../api/list-withdrawals';
import { StatementList } from './statement-list';
import { TopupCard } from './topup-card';
import { WalletBalances } from './wallet-balances';
import { WithdrawCard, type WithdrawAccount } from './withdraw-card';
import { WithdrawalsList } from './withdrawals-list';

export const CASHBACK_TITLE = 'Seu Cashback';

function MyWithdrawals() {
  const withdrawals = useWithdrawals();
  return (
    <Card aria-labelledby="withdrawals-title" role="region">
      <CardHeader>
        <h2 id="withdrawals-title" className="text-lg font-semibold">
          Meus saques
        </h2>
      </CardHeader>
      <CardContent>
        {withdrawals.isSuccess ? (
          <WithdrawalsList withdrawals={withdrawals.data} />
        ) : withdrawals.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Carregando saques..." />
          </div>
        ) : (
          <LoadError
            title="Erro ao carregar seus saques"
            message={withdrawals.error.message}
            onRetry={() => void withdrawals.refetch()}
          />
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The cashback screen of spec 001 section 2, with both balances, top-up, withdrawal and statement.
 * `withdrawAccount` is the profile's part of the withdrawal (composed in the route).
 */
export function CashbackScreen({
  withdrawAccount,
  onTopupPaid,
  onWithdrawn,
  invite,
}: {
  withdrawAccount: WithdrawAccount;
  /** The 'Convide amigos' card (composed in the route). */
  invite?: ReactNode;
  onTopupPaid?: () => void;
  onWithdrawn?: () => void;
}) {
  const wallet = useWallet();
  const statement = useStatement();

  let balances;
  if (wallet.isPending || statement.isPending) {
    balances = (
      <div className="flex justify-center py-8">
        <Spinner label="Carregando..." showLabel />
      </div>
    );
  } else if (wallet.isError || statement.isError) {
    balances = (
      <LoadError
        title="Erro ao carregar seu saldo"
        message={(wallet.error ?? statement.error)?.message}
        onRetry={() => {
          void wallet.refetch();
          void statement.refetch();
        }}
      />
    );
  } else {
    balances = <WalletBalances wallet={wallet.data} statement={statement.data} />;
  }

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{CASHBACK_TITLE}</h1>
        <p className="mt-1 text-muted-foreground">
          Seu Saldo (pode ser sacado), seu Cashback (crédito para entradas) e todas as
          movimentações.
        </p>
      </div>
      {balances}
      {invite}
      <TopupCard onPaid={onTopupPaid} />
      <WithdrawCard
        account={withdrawAccount}
        saldo={wallet.data?.saldo}
        limits={
          wallet.data
            ? { min: wallet.data.withdrawMinCentavos, max: wallet.data.withdrawMaxCentavos }
            : undefined
        }
        onWithdrawn={onWithdrawn}
      />
      <MyWithdrawals />
      <Card aria-labelledby="statement-title" role="region">
        <CardHeader>
          <h2 id="statement-title" className="text-lg font-semibold">
            Extrato
          </h2>
        </CardHeader>
        <CardContent>
          {statement.isSuccess ? (
            <StatementList entries={statement.data} />
          ) : statement.isPending ? (
            <div className="flex justify-center py-6">
              <Spinner label="Carregando extrato..." />
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">Extrato indisponível no momento.</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
