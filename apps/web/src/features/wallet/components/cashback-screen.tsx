import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useStatement } from '../api/list-statement';
import { useWallet } from '../api/get-wallet';
import { StatementList } from './statement-list';
import { TopupCard } from './topup-card';
import { WalletBalances } from './wallet-balances';

export const CASHBACK_TITLE = 'Seu Cashback';

/** The cashback screen of spec 001 section 2, with both balances, top-up and statement. */
export function CashbackScreen({ onTopupPaid }: { onTopupPaid?: () => void }) {
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
          Seu cashback, seu saldo e todas as movimentações.
        </p>
      </div>
      {balances}
      <TopupCard onPaid={onTopupPaid} />
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
