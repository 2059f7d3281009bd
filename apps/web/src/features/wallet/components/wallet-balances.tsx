import {
  capitalize,
  formatBRL,
  formatDecimalBRL,
  moneyTerms,
  type StatementEntry,
  type Wallet,
} from '@sorteio/shared';
import { Gift, Landmark } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** 500 bp -> "5%", 250 bp -> "2,5%". */
export function formatBasisPoints(bp: number): string {
  return `${(bp / 100).toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`;
}

/**
 * Both balances, the Saldo first: it is the money that can be withdrawn. The Cashback card keeps
 * the figure of spec 001 section 2 ('Saldo disponível: R$' or 'Nenhum cashback encontrado.').
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
    <section aria-label="Seus saldos" className="grid gap-4 sm:grid-cols-[3fr_2fr]">
      <Card
        aria-labelledby="saldo-title"
        role="region"
        className="gap-3 border-primary/40 bg-secondary/60"
      >
        <CardHeader>
          <CardTitle id="saldo-title" className="flex items-center gap-2 text-base">
            <Landmark aria-hidden="true" className="size-4 text-primary" />
            {moneyTerms.saldo}
          </CardTitle>
          <CardDescription>{moneyTerms.saldoDescription}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-1">
          <p className="text-3xl font-bold tabular-nums">{formatBRL(wallet.saldo)}</p>
          <Badge variant="success">{capitalize(moneyTerms.saldoMeaning)}</Badge>
        </CardContent>
      </Card>
      <Card aria-labelledby="cashback-title" role="region" className="gap-3">
        <CardHeader>
          <CardTitle id="cashback-title" className="flex items-center gap-2 text-base">
            <Gift aria-hidden="true" className="size-4 text-primary" />
            {moneyTerms.cashback}
          </CardTitle>
          <CardDescription>
            Créditos da plataforma ({formatBasisPoints(wallet.cashbackBp)} das entradas). Usado
            primeiro nas entradas; não pode ser sacado.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-1">
          {neverHadCashback ? (
            <p className="text-lg font-semibold">Nenhum cashback encontrado.</p>
          ) : (
            <p className="text-lg">
              <span>Saldo disponível: R$</span>{' '}
              <span className="text-2xl font-bold tabular-nums">
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
    </section>
  );
}
