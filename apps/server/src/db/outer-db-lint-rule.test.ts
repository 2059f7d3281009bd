/**
 * The lint rule that keeps the outer database handle out of its own transaction callbacks
 * (apps/server/lint/no-outer-db-in-transaction.mjs, issue 36).
 */
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import rule from '../../lint/no-outer-db-in-transaction.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' },
});

const outer = (handle: string) => ({ messageId: 'outer', data: { handle } });

tester.run('no-outer-db-in-transaction', rule, {
  valid: [
    // Everything through the transaction handle.
    'await db.transaction(async (tx) => { await getSystemSettings(tx); await tx.select(); });',
    // Before and after the transaction.
    'const s = await getSetting(db, "k"); await db.transaction(async (tx) => write(tx, s)); invalidate(db);',
    // A parameter that shadows the outer name is not the outer handle.
    'await db.transaction(async (db) => db.select());',
    // A nested savepoint may use the enclosing transaction: the same connection.
    'await db.transaction(async (tx) => { await tx.transaction(async (sp) => { await tx.select(); await sp.select(); }); });',
    // Another member chain than the one the transaction was opened on.
    'await ctx.database.db.transaction(async (tx) => { await ctx.app.inject({}); await tx.select(); });',
    // A wrapper's callback through its transaction handle.
    'await moneyTransaction(db, async (tx) => post(tx, entries));',
  ],
  invalid: [
    {
      // Issue 36: the settings save read through `db` inside its own transaction.
      code: 'await db.transaction(async (tx) => { const current = await getSystemSettings(db); await save(tx, current); });',
      errors: [outer('db')],
    },
    {
      code: 'function save(db: Db) { return db.transaction(async (tx) => { await tx.select(); await db.insert(t); }); }',
      errors: [outer('db')],
    },
    {
      // A second transaction on the outer handle, and a closure created inside.
      code: 'await db.transaction(async () => { await db.transaction(async (t2) => t2.select()); items.map(() => db.select()); });',
      errors: [outer('db'), outer('db')],
    },
    {
      code: 'await deps.db.transaction(async (tx) => { await audit(tx); return getSetting(deps.db, "k"); });',
      errors: [outer('deps.db')],
    },
    {
      code: 'await this.db.transaction(function (tx) { return this.db.select(); });',
      errors: [outer('this.db')],
    },
    {
      code: 'await moneyTransaction(db, async (tx) => { await post(tx); await notify(db); });',
      errors: [outer('db')],
    },
  ],
});
