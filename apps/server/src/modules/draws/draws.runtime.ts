/**
 * What follows a draw: the players told (mail, live events), a room that just closed with every
 * seat paid drawn at once (not on the next job round), and a draw frozen for its beacon round
 * completed on a timer.
 */
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { salas } from '../../db/schema';
import type { App } from '../../lib/fastify';
import type { Mailer } from '../mail/mail.service';
import { notifyDraw, notifyPayout } from './draw-notices.service';
import { type DrawOutcome, completeBeaconDraw, drawRoom } from './draws.service';
import type { PayoutEvent } from './payouts.service';

interface DrawRuntimeDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
}

/** Decorates `afterDraw` and `drawIfDue` (declared in draws.routes.ts). */
export function registerDrawRuntime(app: App, { db, config, mailer }: DrawRuntimeDeps) {
  const { events } = app;
  const afterDraw = async (outcome: DrawOutcome) => {
    // A draw waiting for its beacon round: the room changed (frozen), nobody is told a result yet.
    if (outcome.kind === 'pending' || outcome.kind === 'skipped') {
      if (outcome.kind === 'pending') events.emit('room', outcome.salaId);
      return;
    }
    await notifyDraw(db, mailer, config, outcome);
    events.emit('draw', outcome);
  };
  app.decorate('afterDraw', afterDraw);
  app.decorate('drawIfDue', async (salaId: string) => {
    const [room] = await db
      .select({ status: salas.status, auto: salas.sorteioAutomatico })
      .from(salas)
      .where(eq(salas.id, salaId));
    if (room?.status !== 'sorteando') return;
    events.emit('room-filled', salaId);
    if (!room.auto) return;
    // Never held up by a beacon round: a frozen draw completes on a timer (or the job's round).
    const outcome = await drawRoom({ db, config, salaId, beaconWaitMs: 0 });
    if (outcome.kind === 'pending') completeAtBeaconRound(salaId);
    if (outcome.kind !== 'skipped') await afterDraw(outcome);
  });
  const beaconTimers = new Set<NodeJS.Timeout>();
  const completeAtBeaconRound = (salaId: string) => {
    const period = config.beacon?.chain.period ?? 0;
    const timer = setTimeout(
      () => {
        beaconTimers.delete(timer);
        completeBeaconDraw({ db, config, salaId })
          .then(async (outcome) => {
            if (outcome.kind === 'drawn' || outcome.kind === 'cancelled') await afterDraw(outcome);
          })
          .catch((error: unknown) =>
            app.log.error({ err: error, salaId }, 'beacon draw completion failed'),
          );
      },
      (period + 0.2) * 1000,
    );
    timer.unref();
    beaconTimers.add(timer);
  };
  app.addHook('onClose', async () => {
    for (const timer of beaconTimers) clearTimeout(timer);
  });
}

/** A payout sent (or failed): its player is told by mail, then the event goes out. */
export function afterPayout(app: App, { db, config, mailer }: DrawRuntimeDeps) {
  return async (event: PayoutEvent) => {
    await notifyPayout(db, mailer, config, event);
    app.events.emit('payout', event);
  };
}
