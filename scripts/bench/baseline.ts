/**
 * The baseline the join through the API is compared to: the same database work, written by hand
 * with `pg` (or, on the embedded database, PGlite's own client), from its own process, with no
 * HTTP, no session, no framework. One transaction per join, as the product's:
 *
 *   lock the room row; check it is open with a free seat and the player holds no seat; insert the
 *   participation (a free lucky number); count the seat; lock the player's Cashback and Saldo and
 *   the room's pool (one statement, id order); the entry (Cashback first, then Saldo) and the
 *   cashback as two ledger transactions; the balances; their entries; the security log row.
 *
 * `connections` callers run at once over a pool of `poolMax` connections (the server's pool size).
 * Prints one JSON line: the LoadResult.
 *
 *   node --import tsx scripts/bench/baseline.ts <job.json>
 */
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type LoadResult, summarise, summariseWarmup } from './harness';

export interface BaselineJob {
  name: string;
  /** PostgreSQL; otherwise `pgliteDir`. */
  databaseUrl?: string;
  pgliteDir?: string;
  poolMax: number;
  connections: number;
  /**
   * [userId, roomId] of each join: caller k takes the k-th, then every `connections`-th after it
   * (one player per caller, as the API's clients are).
   */
  pairs: [string, string][];
  /** Joined first, the same way, and not measured (see LoadJob.warmup); other rooms than `pairs`. */
  warmupPairs?: [string, string][];
  cashbackBp: number;
}

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
type InTransaction = <T>(work: (query: Query) => Promise<T>) => Promise<T>;

class Refused extends Error {}

/** One join; throws Refused when the room is full or closed or the player already holds a seat. */
async function join(query: Query, userId: string, salaId: string, cashbackBp: number) {
  const [room] = (
    await query(
      `select tipo_sala, status, participantes_atual, max_participantes, tem_limite_pessoas,
              valor_entrada
         from salas where id = $1 for update`,
      [salaId],
    )
  ).rows as {
    tipo_sala: string;
    status: string;
    participantes_atual: number;
    max_participantes: number;
    tem_limite_pessoas: boolean;
    valor_entrada: string | number;
  }[];
  if (!room || room.status !== 'aberta') throw new Refused('not open');
  if (room.tem_limite_pessoas && room.participantes_atual >= room.max_participantes)
    throw new Refused('full');
  const held = await query(
    `select 1 from participacoes
      where sala_id = $1 and user_id = $2 and status_pagamento <> 'cancelado'`,
    [salaId, userId],
  );
  if (held.rows.length > 0) throw new Refused('already in');
  const price = Number(room.valor_entrada);
  let participationId: string | undefined;
  for (let attempt = 0; !participationId; attempt += 1) {
    if (attempt === 20) throw new Error('no free lucky number');
    const numero = `${room.tipo_sala.charAt(0).toUpperCase()}${String(Date.now() % 10_000).padStart(4, '0')}${String(randomInt(1000)).padStart(3, '0')}`;
    const inserted = await query(
      `insert into participacoes
         (user_id, sala_id, numero_sorte, valor_pago, status_pagamento, metodo_pagamento, confirmed_at)
       values ($1, $2, $3, $4, 'confirmado', 'balance', now())
       on conflict (sala_id, numero_sorte) do nothing returning id`,
      [userId, salaId, numero, price],
    );
    participationId = inserted.rows[0]?.id as string | undefined;
  }
  const full = room.tem_limite_pessoas && room.participantes_atual + 1 >= room.max_participantes;
  await query(
    `update salas set participantes_atual = participantes_atual + 1, updated_at = now()
       ${full ? `, status = 'sorteando'` : ''} where id = $1`,
    [salaId],
  );
  const lockAccounts = () =>
    query(
      `select id, kind, balance from ledger_accounts
        where (user_id = $1 and kind in ('user_cashback', 'user_saldo'))
           or (sala_id = $2 and kind = 'room_pool')
        order by id for update`,
      [userId, salaId],
    );
  let accounts = (await lockAccounts()).rows as { id: string; kind: string; balance: string }[];
  if (accounts.length < 3) {
    await query(
      `insert into ledger_accounts (kind, user_id, sala_id)
       values ('user_cashback', $1, null), ('user_saldo', $1, null), ('room_pool', null, $2)
       on conflict do nothing`,
      [userId, salaId],
    );
    accounts = (await lockAccounts()).rows as typeof accounts;
  }
  const byKind = new Map(accounts.map((a) => [a.kind, a]));
  const cashbackAccount = byKind.get('user_cashback')!;
  const saldoAccount = byKind.get('user_saldo')!;
  const pool = byKind.get('room_pool')!;
  const fromCashback = Math.min(Number(cashbackAccount.balance), price);
  const fromSaldo = price - fromCashback;
  if (fromSaldo > Number(saldoAccount.balance)) throw new Refused('insufficient');
  const cashback = Math.floor((price * cashbackBp + 5000) / 10_000); // percentOf's rounding
  const tx = await query(
    `insert into ledger_transactions
       (kind, idempotency_key, description, user_id, sala_id, participacao_id, metadata)
     values ('entry_balance', $1, $3, $4, $5, $6, $7), ('cashback', $2, 'Cashback da participação', $4, $5, $6, null)
     returning id, kind`,
    [
      `entry:${participationId}`,
      `cashback:${participationId}`,
      `Entrada na sala ${room.tipo_sala}`,
      userId,
      salaId,
      participationId,
      JSON.stringify({ fromCashback, fromSaldo }),
    ],
  );
  const entryTx = tx.rows.find((r) => r.kind === 'entry_balance')!.id as string;
  const cashbackTx = tx.rows.find((r) => r.kind === 'cashback')!.id as string;
  await query(
    `update ledger_accounts a set balance = a.balance + v.delta::bigint, updated_at = now()
       from (values ($1::uuid, $2::bigint), ($3::uuid, $4::bigint), ($5::uuid, $6::bigint)) v(id, delta)
      where a.id = v.id`,
    [cashbackAccount.id, cashback - fromCashback, saldoAccount.id, -fromSaldo, pool.id, price],
  );
  const entries: [string, string, number][] = [
    [entryTx, cashbackAccount.id, -fromCashback],
    [entryTx, saldoAccount.id, -fromSaldo],
    [entryTx, pool.id, price],
    [cashbackTx, platformCashback, -cashback],
    [cashbackTx, cashbackAccount.id, cashback],
  ].filter((e) => e[2] !== 0) as [string, string, number][];
  await query(
    `insert into ledger_entries (transaction_id, account_id, amount)
     select * from unnest($1::uuid[], $2::uuid[], $3::bigint[])`,
    [entries.map((e) => e[0]), entries.map((e) => e[1]), entries.map((e) => e[2])],
  );
  await query(
    `insert into user_security_logs (user_id, ip_address, action_type, user_agent)
     values ($1, '127.0.0.1', 'draw_participation', 'bench-baseline')`,
    [userId],
  );
}

let platformCashback = '';

async function connect(job: BaselineJob): Promise<{ inTx: InTransaction; close(): Promise<void> }> {
  if (job.databaseUrl) {
    const pool = new pg.Pool({ connectionString: job.databaseUrl, max: job.poolMax });
    return {
      async inTx(work) {
        const client = await pool.connect();
        try {
          await client.query('begin');
          const out = await work((text, params) => client.query(text, params));
          await client.query('commit');
          return out;
        } catch (error) {
          await client.query('rollback');
          throw error;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const db = await PGlite.create({ dataDir: job.pgliteDir! });
  return {
    inTx: (work) =>
      db.transaction((tx) =>
        work(async (text, params) => ({
          rows: (await tx.query<Record<string, unknown>>(text, params)).rows,
        })),
      ),
    close: () => db.close(),
  };
}

export async function runBaseline(job: BaselineJob): Promise<LoadResult> {
  const db = await connect(job);
  platformCashback = await db.inTx(async (query) => {
    await query(
      `insert into ledger_accounts (kind) values ('platform_cashback') on conflict do nothing`,
    );
    const row = await query(
      `select id from ledger_accounts where kind = 'platform_cashback' and user_id is null and sala_id is null`,
    );
    return row.rows[0]!.id as string;
  });
  const statuses: Record<string, number> = {};
  let errors = 0;
  let firstError: string | undefined;
  /** Runs the joins of `pairs` (caller k the k-th, then every `connections`-th after it). */
  const phase = async (pairs: [string, string][], record: boolean) => {
    const latencies: number[] = [];
    const start = performance.now();
    await Promise.all(
      Array.from({ length: job.connections }, async (_, k) => {
        for (let next = k; next < pairs.length; next += job.connections) {
          const [userId, salaId] = pairs[next]!;
          const t0 = performance.now();
          try {
            await db.inTx((query) => join(query, userId, salaId, job.cashbackBp));
            latencies.push(performance.now() - t0);
            if (record) statuses.ok = (statuses.ok ?? 0) + 1;
          } catch (error) {
            errors += 1;
            const kind = error instanceof Refused ? `refused: ${error.message}` : 'error';
            statuses[kind] = (statuses[kind] ?? 0) + 1;
            firstError ??= String(error);
          }
        }
      }),
    );
    return { latencies, seconds: (performance.now() - start) / 1000 };
  };
  // The warm-up first, as the load generator's (load.ts): all of it before the measured joins.
  const warm = job.warmupPairs?.length ? await phase(job.warmupPairs, false) : undefined;
  const warmup = warm ? summariseWarmup(warm.latencies, errors) : undefined;
  const { latencies, seconds } = await phase(job.pairs, true);
  await db.close();
  return summarise({
    name: job.name,
    latencies,
    errors,
    statuses,
    seconds,
    ...(firstError ? { firstError } : {}),
    ...(warmup ? { warmup } : {}),
  });
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const job = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as BaselineJob;
  process.stdout.write(`${JSON.stringify(await runBaseline(job))}\n`);
}
