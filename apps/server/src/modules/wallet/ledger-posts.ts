/**
 * Writing ledger transactions (docs/decisions/002-money-in-centavos.md): entries that sum to zero,
 * cached balances updated in the same statement, each transaction once per idempotency key.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { ledgerTransactionKinds } from '../../db/schema';
import { AppError, pgConstraint, pgErrorCode } from '../../lib/errors';
import { databaseOf, lockAccounts, platformIds, resolveIds, stateOf } from './ledger-locks';
import { type AccountRef, type DbOrTx, type Tx, isCached, refKey } from './ledger-reads';
import { moneyTransaction } from './money-transaction';

export class InsufficientFundsError extends AppError {
  constructor() {
    super('BAD_REQUEST', {
      message: 'Saldo insuficiente. Adicione saldo na seção Cashback.',
      reason: 'INSUFFICIENT_BALANCE',
    });
  }
}

/**
 * The ids of the accounts a post writes to, its cached ones locked: no statement at all when this
 * transaction already locked them (the caller's `lockAccounts`) and resolved the platform ones.
 * Unlike `lockAccounts`, never sums a platform account's entries (a post needs no balance).
 */
async function idsForPost(tx: Tx, refs: AccountRef[]): Promise<Map<string, string>> {
  const state = stateOf(tx);
  const unique = [...new Map(refs.map((r) => [refKey(r), r])).values()];
  const cachedMissing = unique.filter(
    (r) =>
      isCached(r) && !(state.known.has(refKey(r)) && state.ids.has(state.known.get(refKey(r))!)),
  );
  if (cachedMissing.length > 0) await lockAccounts(tx, cachedMissing);
  const database = databaseOf.get(tx);
  let platform = database ? platformIds.get(database) : undefined;
  if (database && !platform) platformIds.set(database, (platform = new Map<string, string>()));
  const platformMissing = unique.filter((r) => {
    if (isCached(r) || state.known.has(refKey(r))) return false;
    const id = platform?.get(refKey(r));
    if (id) state.known.set(refKey(r), id);
    return !id;
  });
  if (platformMissing.length > 0)
    for (const [key, id] of await resolveIds(tx, platformMissing)) {
      state.known.set(key, id);
      // Remembered once this transaction commits (it may have created the account).
      if (platform) state.platformResolved.set(key, id);
    }
  return state.known;
}

const isTx = (db: DbOrTx): db is Tx => 'rollback' in db;

export interface PostInput {
  kind: (typeof ledgerTransactionKinds)[number];
  idempotencyKey: string;
  description: string;
  userId?: string | null;
  salaId?: string | null;
  participacaoId?: string | null;
  metadata?: Record<string, unknown>;
  entries: { account: AccountRef; amount: number }[];
}

/**
 * Writes one ledger transaction inside the caller's database transaction (or in its own when
 * given the database). Returns false when the idempotency key was already used (nothing moved).
 * The cached accounts it changes are locked through `lockAccounts` (a no-op for those the caller
 * already locked); platform accounts only receive entries.
 */
export async function postTransaction(db: DbOrTx, input: PostInput): Promise<boolean> {
  if (!isTx(db)) return moneyTransaction(db, (tx) => postTransaction(tx, input));
  const [posted] = await postTransactions(db, [input]);
  return posted!;
}

/**
 * Several ledger transactions of one database transaction written together (a seat's entry and
 * its cashback): one insert of the transactions, one update of the cached balances, one insert of
 * the entries. Each is checked and made idempotent exactly as `postTransaction` does; returns, in
 * order, whether each was written (false: its idempotency key was already used).
 */
export async function postTransactions(
  tx: Tx,
  inputs: PostInput[],
  /**
   * Other writes of the same database transaction (data-modifying statements without RETURNING
   * that the caller does not need the result of, e.g. the room's seat count), sent in the same
   * statement as the posts to save round trips. They run whether or not a post was new.
   */
  alongside: SQL[] = [],
): Promise<boolean[]> {
  const checked = inputs.map((input) => {
    const entries = input.entries.filter((e) => e.amount !== 0);
    const sum = entries.reduce((acc, e) => acc + e.amount, 0);
    if (sum !== 0)
      throw new Error(`ledger transaction ${input.idempotencyKey} does not sum to zero (${sum})`);
    for (const e of entries) {
      if (!Number.isSafeInteger(e.amount))
        throw new Error(`ledger amount is not integer centavos: ${e.amount}`);
    }
    return { input, entries };
  });
  if (checked.length === 0 && alongside.length === 0) return [];
  // Every account the posts write to, the cached ones locked (no statement when the caller's
  // `lockAccounts` already did it) and the platform ones resolved (cached per database).
  const ids = await idsForPost(
    tx,
    checked.flatMap(({ entries }) => entries.map((e) => e.account)),
  );
  // ONE statement: the transactions (a used idempotency key inserts nothing), then, only for the
  // ones inserted, the cached balances (one row per account, its entries added up; already locked
  // in id order, so it waits for nothing) and the entries; and the caller's `alongside` writes.
  // Each column travels as ONE array parameter (unnest): the statement's text is the same for one
  // seat or a hundred, short to build and to parse, instead of one parameter per value.
  const ctes: SQL[] = [];
  if (checked.length > 0) {
    const column = <T>(values: T[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}[]`;
    const inputs = checked.map(({ input }) => input);
    const entries = checked.flatMap(({ input, entries: rows }) =>
      rows.map((e) => ({ key: input.idempotencyKey, e })),
    );
    ctes.push(
      sql`created as (
        insert into ledger_transactions
          (kind, idempotency_key, description, user_id, sala_id, participacao_id, metadata)
        select t.kind, t.key, t.description, t.user_id, t.sala_id, t.participacao_id, t.metadata::jsonb
          from unnest(${column(
            inputs.map((i) => i.kind),
            'text',
          )}, ${column(
            inputs.map((i) => i.idempotencyKey),
            'text',
          )}, ${column(
            inputs.map((i) => i.description),
            'text',
          )}, ${column(
            inputs.map((i) => i.userId ?? null),
            'text',
          )}, ${column(
            inputs.map((i) => i.salaId ?? null),
            'uuid',
          )}, ${column(
            inputs.map((i) => i.participacaoId ?? null),
            'uuid',
          )}, ${column(
            inputs.map((i) => (i.metadata ? JSON.stringify(i.metadata) : null)),
            'text',
          )}) as t(kind, key, description, user_id, sala_id, participacao_id, metadata)
        on conflict (idempotency_key) do nothing
        returning id, idempotency_key
      )`,
    );
    if (entries.length > 0)
      ctes.push(
        sql`e (key, account_id, amount, cached) as (select * from unnest(${column(
          entries.map(({ key }) => key),
          'text',
        )}, ${column(
          entries.map(({ e }) => ids.get(refKey(e.account))!),
          'uuid',
        )}, ${column(
          entries.map(({ e }) => e.amount),
          'bigint',
        )}, ${column(
          entries.map(({ e }) => isCached(e.account)),
          'boolean',
        )}))`,
        sql`balances as (
          update ledger_accounts a set balance = a.balance + d.delta, updated_at = now()
          from (select e.account_id, sum(e.amount)::bigint as delta
                  from e join created c on c.idempotency_key = e.key
                 where e.cached group by e.account_id) d
          where a.id = d.account_id and d.delta <> 0
          returning a.id
        )`,
        sql`entries as (
          insert into ledger_entries (transaction_id, account_id, amount)
          select c.id, e.account_id, e.amount from e join created c on c.idempotency_key = e.key
          returning id
        )`,
      );
  }
  alongside.forEach((statement, i) =>
    ctes.push(sql`${sql.raw(`alongside_${i}`)} as (${statement})`),
  );
  let result: unknown;
  try {
    result = await tx.execute(
      sql`with ${sql.join(ctes, sql`, `)} ${
        checked.length > 0
          ? sql`select idempotency_key as key from created`
          : sql`select 1 as key where false`
      }`,
    );
  } catch (error) {
    if (pgErrorCode(error) === '23514' && pgConstraint(error) === 'ledger_user_balance_nonneg')
      throw new InsufficientFundsError();
    throw error;
  }
  const rows = ((result as { rows?: { key: string }[] }).rows ?? (result as { key: string }[])) as {
    key: string;
  }[];
  const idOf = new Set(rows.map((r) => r.key));
  return checked.map(({ input }) => idOf.has(input.idempotencyKey));
}
