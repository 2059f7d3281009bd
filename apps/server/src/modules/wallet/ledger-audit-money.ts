/**
 * The ledger audit's checks of where the money sits: the room pools, each PIX received and sent
 * against its ledger transaction, and the platform's whole equation from PIX in to PIX out.
 */
import { formatBRL } from '@sorteio/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Check, rows } from './ledger-audit-checks';

const num = (v: unknown) => Number(v ?? 0);

/** Money credited to the platform by PIX: everything received except what no charge describes. */
const CREDITED_PIX = sql`('participacao', 'topup', 'late_payment', 'amount_mismatch')`;

/** The room pools hold what they should; each PIX in and out is on the ledger once. */
export async function moneyChecks(db: Db, check: Check): Promise<void> {
  check(
    'Os caixas das salas guardam só as entradas das salas ainda não encerradas',
    await rows(
      db,
      sql`select s.id from salas s
          left join ledger_accounts a on a.sala_id = s.id and a.kind = 'room_pool'
          left join ledger_entries e on e.account_id = a.id
          group by s.id, s.status
          having (s.status in ('sorteada', 'finalizada', 'cancelada') and coalesce(sum(e.amount), 0) <> 0)
              or (s.status not in ('sorteada', 'finalizada', 'cancelada') and coalesce(sum(e.amount), 0) <>
                  (select coalesce(sum(p.valor_pago), 0) from participacoes p
                   where p.sala_id = s.id and p.status_pagamento = 'confirmado'))`,
    ),
    'id',
    'caixas das salas coerentes',
  );

  check(
    'Cada PIX recebido creditado uma única vez (nenhum para cobranças desconhecidas)',
    await rows(
      db,
      sql`select r.end_to_end_id as id from pix_received r
          left join ledger_transactions t on t.idempotency_key = 'pix:' || r.end_to_end_id
          group by r.end_to_end_id, r.outcome
          having (r.outcome in ${CREDITED_PIX} and count(t.id) <> 1)
              or (r.outcome not in ${CREDITED_PIX} and count(t.id) <> 0)`,
    ),
    'id',
    'PIX recebidos e livro-caixa conferem',
  );

  check(
    'Cada envio debitado uma vez, e devolvido uma vez quando o banco o recusou',
    await rows(
      db,
      sql`select p.id from payouts p
          left join ledger_transactions d on d.idempotency_key = 'payout:' || p.id
          left join ledger_transactions r on r.idempotency_key = 'payout-return:' || p.id
          group by p.id, p.status
          having count(distinct d.id) <> 1
              or (p.status = 'devolvido' and count(distinct r.id) <> 1)
              or (p.status <> 'devolvido' and count(distinct r.id) <> 0)`,
    ),
    'id',
    'envios e livro-caixa conferem',
  );
}

/** Money in by PIX equals everything it became: balances, pools, money out, revenue. */
export async function moneyEquation(db: Db) {
  const [money] = await rows(
    db,
    sql`select
      (select coalesce(sum(amount), 0) from pix_received where outcome in ${CREDITED_PIX}) as pix_in,
      (select coalesce(sum(amount), 0) from payouts where status in ('pendente', 'enviando', 'confirmado')) as pix_out,
      (select coalesce(sum(e.amount), 0) from ledger_entries e join ledger_accounts a on a.id = e.account_id
         where a.kind in ('user_saldo', 'user_cashback')) as balances,
      (select coalesce(sum(e.amount), 0) from ledger_entries e join ledger_accounts a on a.id = e.account_id
         where a.kind = 'room_pool') as pools,
      (select coalesce(sum(e.amount), 0) from ledger_entries e join ledger_accounts a on a.id = e.account_id
         where a.kind = 'platform_revenue') as revenue,
      (select coalesce(-sum(e.amount), 0) from ledger_entries e join ledger_accounts a on a.id = e.account_id
         where a.kind = 'platform_cashback') as cashback_given,
      (select coalesce(-sum(e.amount), 0) from ledger_entries e join ledger_accounts a on a.id = e.account_id
         where a.kind = 'platform_grants') as grants,
      (select coalesce(-sum(e.amount), 0) from ledger_entries e join ledger_accounts a on a.id = e.account_id
         where a.kind = 'pix_clearing') as clearing`,
  );
  const m = {
    in: num(money?.pix_in),
    out: num(money?.pix_out),
    balances: num(money?.balances),
    pools: num(money?.pools),
    revenue: num(money?.revenue),
    cashbackGiven: num(money?.cashback_given),
    grants: num(money?.grants),
    clearing: num(money?.clearing),
  };
  const right = m.balances + m.pools + m.out + m.revenue - m.cashbackGiven - m.grants;
  return {
    name: 'Entradas por PIX = saldos + caixas das salas + saídas por PIX + receita − cashback e créditos concedidos',
    ok: m.in === right && m.clearing === m.in - m.out,
    detail: `entradas ${formatBRL(m.in)} = saldos ${formatBRL(m.balances)} + caixas ${formatBRL(m.pools)} + saídas ${formatBRL(m.out)} + receita ${formatBRL(m.revenue)} − cashback ${formatBRL(m.cashbackGiven)} − créditos concedidos ${formatBRL(m.grants)} (= ${formatBRL(right)}); compensação PIX ${formatBRL(m.clearing)} = entradas − saídas ${formatBRL(m.in - m.out)}`,
  };
}
