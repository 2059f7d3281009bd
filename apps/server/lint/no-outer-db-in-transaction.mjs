// @ts-check
/**
 * Keeps the outer database handle out of its own transaction's callback:
 *
 *   db.transaction(async (tx) => { await getSystemSettings(db); })   // reported
 *
 * The embedded database (PGlite) has one connection: a query on `db` while this transaction holds
 * it waits for the transaction, which waits for the query, and every later request queues behind
 * both (issue 36). On PostgreSQL it takes a second pool connection, which can run out the same way.
 * Inside the callback everything goes through `tx`. The run-time guard (src/db/transaction-guard.ts)
 * catches what this cannot see (a helper that closes over `db`).
 *
 * The same holds for a wrapper named `...Transaction(handle, callback)` (`moneyTransaction`).
 * The handle is whatever `.transaction(` is called on: an identifier (`db`, `database`), matched by
 * variable so a shadowing parameter is not reported, or a member chain (`deps.db`,
 * `ctx.database.db`), matched by its text. A nested savepoint (`tx.transaction(...)`) may still use
 * `tx`: it is the same connection.
 */

/** @typedef {import('eslint').Rule.Node} Node */
/** @typedef {import('estree').Expression | import('estree').Super} Expr */

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow the outer database handle inside its own `.transaction(` callback.',
    },
    schema: [],
    messages: {
      outer:
        '`{{handle}}` inside its own transaction callback: use the transaction handle. A query on the outer handle waits for this transaction (the embedded database wedges).',
    },
  },
  create(context) {
    const source = context.sourceCode;
    /** Transaction handles (callback parameters) currently in scope, by variable. */
    const txParams = new Set();
    /** Member-chain handles whose callbacks enclose the current node: text and callback range. */
    /** @type {{ text: string, range: [number, number] }[]} */
    const memberHandles = [];

    /** @param {Node} node */
    function inside(node, range) {
      return node.range !== undefined && node.range[0] >= range[0] && node.range[1] <= range[1];
    }

    /** @param {import('estree').Identifier} id @param {Node} at */
    function resolve(id, at) {
      let scope = source.getScope(at);
      while (scope) {
        const variable = scope.set.get(id.name);
        if (variable) return variable;
        scope = scope.upper;
      }
      return null;
    }

    /**
     * `handle.transaction(callback)`, or a wrapper named `...Transaction(handle, callback)` (the
     * ledger's `moneyTransaction(db, async (tx) => ...)`).
     * @param {import('estree').CallExpression} node
     */
    function transactionCall(node) {
      const callee = node.callee;
      const [first, second] = node.arguments;
      /** @type {{ handle: Expr & Node, callback: unknown } | null} */
      let found = null;
      if (
        callee.type === 'MemberExpression' &&
        !callee.computed &&
        callee.property.type === 'Identifier' &&
        callee.property.name === 'transaction'
      )
        found = { handle: /** @type {Expr & Node} */ (callee.object), callback: first };
      else if (
        callee.type === 'Identifier' &&
        /^[a-z]\w*Transaction$/.test(callee.name) &&
        first &&
        first.type !== 'SpreadElement'
      )
        found = { handle: /** @type {Expr & Node} */ (first), callback: second };
      const callback = /** @type {import('estree').Node | undefined} */ (found?.callback);
      if (
        !found ||
        !callback ||
        (callback.type !== 'ArrowFunctionExpression' && callback.type !== 'FunctionExpression')
      )
        return null;
      return { handle: found.handle, callback };
    }

    return {
      /** @param {import('estree').CallExpression & Node} node */
      CallExpression(node) {
        const found = transactionCall(node);
        if (!found) return;
        const { handle, callback } = found;
        for (const param of callback.params)
          if (param.type === 'Identifier') {
            const variable = resolve(param, /** @type {Node} */ (callback.body));
            if (variable) txParams.add(variable);
          }
        if (handle.type === 'Identifier') {
          const variable = resolve(handle, node);
          if (variable && txParams.has(variable)) return;
          // Not declared in this file (a global): its references by name.
          const references =
            variable?.references ??
            (source.scopeManager?.globalScope?.through ?? []).filter(
              (ref) => ref.identifier.name === handle.name,
            );
          for (const ref of references)
            if (inside(/** @type {Node} */ (ref.identifier), callback.range ?? [0, 0]))
              context.report({
                node: ref.identifier,
                messageId: 'outer',
                data: { handle: handle.name },
              });
          return;
        }
        if (handle.type === 'MemberExpression')
          memberHandles.push({ text: source.getText(handle), range: callback.range ?? [0, 0] });
      },
      /** @param {import('estree').MemberExpression & Node} node */
      MemberExpression(node) {
        if (memberHandles.length === 0) return;
        const text = source.getText(node);
        for (const handle of memberHandles)
          if (handle.text === text && inside(node, handle.range)) {
            // `db.transaction` itself sits outside its callback; a nested `.transaction` call on
            // the same chain inside is the outer handle too.
            context.report({ node, messageId: 'outer', data: { handle: text } });
            return;
          }
      },
      'CallExpression:exit'(/** @type {Node} */ node) {
        const last = memberHandles.at(-1);
        const found = node.type === 'CallExpression' ? transactionCall(node) : null;
        const range = found?.callback.range;
        if (last && range && last.range[0] === range[0]) memberHandles.pop();
      },
    };
  },
};

export default rule;
