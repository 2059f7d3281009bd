import { formatBRL, formatDecimalBRL, type StatementEntry, type Wallet } from '@sorteio/shared';
import { Gift, Landmark } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** 500 bp -> "5%", 250 bp -> "2,5%". */
export function formatBasisPoints(bp: number): string {
  return `${(bp / 100).toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`;
}

/**
 * The cashback figure of spec 001 section 2 ('Saldo disponível: R$' or 'Nenhum cashback
 * encontrado.'), then both balances explained.
 */
export function WalletBalances({
  wallet,
  statement,
}: {
  wallet: Wallet;
  statement: StatementEntry[];
}) {
  const neverHadCashback =
    wallet.cashback === 0 && !statement.some((entry) => entry.conta === 'cashback');
  return (
    <div className="flex flex-col gap-4">
      <Card className="border-primary/40 bg-secondary/60">
        <CardContent className="flex flex-col gap-1">
          <span className="text-sm font-medium text-muted-foreground">Cashback</span>
          {neverHadCashback ? (
            <p className="text-lg font-semibold">Nenhum cashback encontrado.</p>
          ) : (
            <p className="text-lg">
              <span>Saldo disponível: R$</span>{' '}
              <span className="text-3xl font-bold tabular-nums">
                {formatDecimalBRL(wallet.cashback)}
              </span>
            </p>
          )}
          <p className="text-sm text-muted-foreground">
            Você recebe {formatBasisPoints(wallet.cashbackBp)} de cada entrada confirmada como
            cashback.
          </p>
        </CardContent>
      </Card>
      <section aria-label="Seus saldos" className="grid gap-4 sm:grid-cols-2">
        <Card className="gap-3">
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-base">
              <Landmark aria-hidden="true" className="size-4 text-primary" />
              Saldo
            </CardTitle>
            <CardDescription>
              Adicionado por PIX e pelos prêmios. Pode ser usado nas entradas e sacado por PIX.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <p className="text-2xl font-bold tabular-nums">{formatBRL(wallet.saldo)}</p>
          </CardContent>
        </Card>
        <Card className="gap-3">
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-base">
              <Gift aria-hidden="true" className="size-4 text-primary" />
              Cashback
            </CardTitle>
            <CardDescription>
              Créditos da plataforma ({formatBasisPoints(wallet.cashbackBp)} das entradas). Usado
              primeiro nas entradas; não pode ser sacado.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <p className="text-2xl font-bold tabular-nums">{formatBRL(wallet.cashback)}</p>
          </CardContent>
        </Card>
      </section>
    </div>
  );
}
