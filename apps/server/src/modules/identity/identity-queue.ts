/**
 * The identity analysis runs off the request path (a few seconds of image work): as a pg-boss job
 * when the background jobs are on (it survives a restart and is retried), otherwise in this process
 * one at a time. `idle()` resolves when the in-process work is done (tests, shutdown).
 */
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { type IdentityDeps, analyzeVerification } from './analysis';

export const IDENTITY_QUEUE = 'identity';

export interface IdentityQueue {
  enqueue(userId: string): Promise<void>;
  idle(): Promise<void>;
  close(): Promise<void>;
}

export async function createIdentityQueue(
  deps: IdentityDeps,
  options: { boss: PgBoss | null; log: FastifyBaseLogger },
): Promise<IdentityQueue> {
  const { boss, log } = options;
  const run = async (userId: string) => {
    const result = await analyzeVerification(deps, userId);
    if (result)
      log.info(
        { userId, outcome: result.outcome, durationMs: result.durationMs },
        'identity analysis done',
      );
  };
  if (boss) {
    await boss.createQueue(IDENTITY_QUEUE);
    await boss.work<{ userId: string }>(
      IDENTITY_QUEUE,
      { pollingIntervalSeconds: 1 },
      async (jobs) => {
        for (const job of jobs) await run(job.data.userId);
      },
    );
    return {
      async enqueue(userId) {
        await boss.send(
          IDENTITY_QUEUE,
          { userId },
          { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 300 },
        );
      },
      idle: async () => {},
      close: () => deps.faces.close(),
    };
  }
  let chain: Promise<void> = Promise.resolve();
  let closed = false;
  return {
    async enqueue(userId) {
      chain = chain.then(async () => {
        if (closed) return;
        await run(userId).catch((error: unknown) =>
          log.error({ err: error, userId }, 'identity analysis failed'),
        );
      });
    },
    idle: () => chain,
    async close() {
      closed = true;
      await chain;
      await deps.faces.close();
    },
  };
}
