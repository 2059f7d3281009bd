/**
 * The ledger audit's checks of the records: every transaction balanced, every stored balance equal
 * to its entries and none below zero; then the rooms, seats, draws, refunds and referral bonuses
 * against the entries that paid for them.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export type Row = Record<string, unknown>;

export async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  // node-postgres answers { rows }, PGlite's driver an array.
  if (Array.isArray(result)) return result as Row[];
  return (result as { rows?: Row[] }).rows ?? [];
}

/** Records one check: `bad` are the rows that break it (their `key` is named), `what` the pass text. */
export type Check = (name: string, bad: Row[], key: string, what: string) => void;

/** The ledger itself: balanced transactions, stored balances equal to their entries, none negative. */
export async function ledgerIntegrityChecks(db: Db, check: Check): Promise<void> {
  check(
    'Toda transação soma zero',
    await rows(
      db,
      sql`select transaction_id as id from ledger_entries group by transaction_id having sum(amount) <> 0`,
    ),
    'id',
    'todas as transações estão equilibradas',
  );

  check(
    'Cada saldo guardado é igual à soma dos seus lançamentos',
    await rows(
      db,
      sql`select a.id, a.kind from ledger_accounts a left join ledger_entries e on e.account_id = a.id
          where a.kind in ('user_saldo', 'user_cashback', 'room_pool')
          group by a.id, a.kind, a.balance having a.balance <> coalesce(sum(e.amount), 0)`,
    ),
    'id',
    'os saldos de jogadores e salas conferem com os lançamentos',
  );

  check(
    'Nenhuma conta de jogador ou sala abaixo de zero',
    await rows(
      db,
      sql`select a.id from ledger_accounts a join ledger_entries e on e.account_id = a.id
          where a.kind in ('user_saldo', 'user_cashback', 'room_pool')
          group by a.id having sum(e.amount) < 0`,
    ),
    'id',
    'nenhum saldo negativo',
  );
}

/** Rooms, seats, draws, refunds and referral bonuses against the entries that paid for them. */
export async function roomChecks(db: Db, check: Check): Promise<void> {
  check(
    'Nenhuma sala acima dos lugares; a contagem de lugares é igual aos confirmados e reservados',
    await rows(
      db,
      sql`select s.id from salas s
          left join participacoes p on p.sala_id = s.id and p.status_pagamento in ('confirmado', 'pendente')
          group by s.id, s.participantes_atual, s.max_participantes, s.tem_limite_pessoas
          having (s.tem_limite_pessoas and s.participantes_atual > s.max_participantes)
              or s.participantes_atual <> count(p.id)`,
    ),
    'id',
    'contagens de lugares coerentes',
  );

  check(
    'Cada lugar confirmado pago uma única vez na sua sala, e nenhum outro lugar pago',
    await rows(
      db,
      sql`select p.id from participacoes p
          left join ledger_transactions t on t.participacao_id = p.id and t.kind in ('entry_pix', 'entry_balance')
          left join ledger_entries e on e.transaction_id = t.id
          left join ledger_accounts a on a.id = e.account_id and a.kind = 'room_pool' and a.sala_id = p.sala_id
          group by p.id, p.status_pagamento, p.valor_pago
          having (p.status_pagamento = 'confirmado' and (count(distinct t.id) <> 1 or coalesce(sum(e.amount) filter (where a.id is not null), 0) <> p.valor_pago))
              or (p.status_pagamento <> 'confirmado' and count(distinct t.id) <> 0)`,
    ),
    'id',
    'cada lugar confirmado tem um pagamento de entrada',
  );

  // A drawn room: one draw; prize from the pool it held: fee = pool x rate (half up), net to the winner.
  check(
    'Cada sala completa sorteada uma única vez, com prêmio e taxa conforme as regras',
    await rows(
      db,
      sql`with pools as (
            select p.sala_id, sum(p.valor_pago)::bigint as pool from participacoes p
            where p.status_pagamento = 'confirmado' group by p.sala_id
          ),
          prizes as (
            select t.sala_id, t.user_id,
              sum(e.amount) filter (where a.kind = 'user_saldo') as net,
              sum(e.amount) filter (where a.kind = 'platform_revenue') as fee,
              count(distinct t.id) as n
            from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
            join ledger_accounts a on a.id = e.account_id
            where t.kind = 'prize' group by t.sala_id, t.user_id
          )
          select s.id from salas s
          left join pools on pools.sala_id = s.id
          left join prizes on prizes.sala_id = s.id
          left join sorteios d on d.sala_id = s.id
          where (s.status in ('sorteada', 'finalizada') and (
                  d.id is null or prizes.n is distinct from 1
                  or coalesce(prizes.fee, 0) <> (coalesce(pools.pool, 0) * s.taxa_personalizada_bp + 5000) / 10000
                  or coalesce(prizes.net, 0) <> coalesce(pools.pool, 0) - (coalesce(pools.pool, 0) * s.taxa_personalizada_bp + 5000) / 10000
                  or d.valor_premio_liquido <> coalesce(prizes.net, 0)
                  or d.user_id_vencedor is distinct from prizes.user_id
                  or not exists (select 1 from participacoes w where w.sala_id = s.id and w.eh_vencedor
                                 and w.user_id = d.user_id_vencedor and w.numero_sorte = d.numero_vencedor
                                 and w.status_pagamento = 'confirmado')))
             or (s.status not in ('sorteada', 'finalizada') and (d.id is not null or prizes.n is not null))`,
    ),
    'id',
    'sorteios e prêmios coerentes',
  );

  check(
    'Cada sala cancelada devolveu cada lugar confirmado uma única vez',
    await rows(
      db,
      sql`select p.id from participacoes p join salas s on s.id = p.sala_id
          left join ledger_transactions t on t.participacao_id = p.id and t.kind = 'refund'
          where s.status = 'cancelada' and p.status_pagamento = 'confirmado'
          group by p.id having count(t.id) <> 1`,
    ),
    'id',
    'reembolsos completos',
  );

  // A refunded entry keeps no cashback: what it earned was taken back with the refund, except the
  // part the player had already spent, which the refund records (cashbackUnrecovered).
  check(
    'Cada lugar reembolsado devolveu o cashback que rendeu (ou registrou o que já tinha sido usado)',
    await rows(
      db,
      sql`with earned as (
            select t.participacao_id as id, sum(e.amount) as amount from ledger_transactions t
            join ledger_entries e on e.transaction_id = t.id
            join ledger_accounts a on a.id = e.account_id and a.kind = 'user_cashback'
            where t.kind = 'cashback' and t.participacao_id is not null group by t.participacao_id
          ),
          reversed as (
            select t.participacao_id as id,
              -coalesce(sum(e.amount) filter (where a.id is not null), 0) as amount,
              count(distinct t.id) as n from ledger_transactions t
            left join ledger_entries e on e.transaction_id = t.id
            left join ledger_accounts a on a.id = e.account_id and a.kind = 'user_cashback'
            where t.kind = 'cashback_reversal' group by t.participacao_id
          ),
          refunds as (
            select participacao_id as id, metadata from ledger_transactions where kind = 'refund'
          )
          select refunds.id from refunds
          join earned on earned.id = refunds.id
          left join reversed on reversed.id = refunds.id
          where coalesce(reversed.n, 0) > 1
             or coalesce(reversed.amount, 0)
                + coalesce((refunds.metadata ->> 'cashbackUnrecovered')::bigint, 0) <> earned.amount
          union all
          select reversed.id from reversed left join refunds on refunds.id = reversed.id
          where refunds.id is null`,
    ),
    'id',
    'nenhum reembolso ficou com cashback',
  );

  // Referral bonuses: one per paid referral, of its recorded amount, to the inviter's
  // Cashback; none without a paid referral.
  check(
    'Cada bônus de indicação corresponde a uma indicação paga, uma única vez',
    await rows(
      db,
      sql`with bonus as (
            select t.idempotency_key as key, t.user_id, sum(e.amount) as amount, count(distinct t.id) as n
            from ledger_transactions t
            join ledger_entries e on e.transaction_id = t.id
            join ledger_accounts a on a.id = e.account_id and a.kind = 'user_cashback'
            where t.kind = 'referral_bonus' group by t.idempotency_key, t.user_id
          )
          select r.id::text as id from referrals r
          left join bonus b on b.key = 'referral:' || r.invited_id
          where r.status = 'paid'
            and (b.key is null or b.n <> 1 or b.amount <> r.bonus_centavos or b.user_id <> r.inviter_id)
          union all
          select b.key from bonus b
          left join referrals r on 'referral:' || r.invited_id = b.key and r.status = 'paid'
          where r.id is null`,
    ),
    'id',
    'cada bônus de indicação pago confere com a sua indicação',
  );
}
