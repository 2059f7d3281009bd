/**
 * In-process events become live messages for every server copy (NOTIFY), and the live events of
 * every copy clear the public reads cached in memory (lib/public-cache.ts).
 */
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { App } from '../lib/fastify';
import type { PublicCache } from '../lib/public-cache';
import type { DrawOutcome } from '../modules/draws/draws.service';
import type { PayoutEvent } from '../modules/draws/payouts.service';
import type { ReceiveResult } from '../modules/payments/payments.service';
import { forgetCachedSettings } from '../modules/settings/settings.service';
import {
  prizePaidNotices,
  roomCancelledNotices,
  roomDrawnNotices,
  roomFilledNotices,
} from './player-notices';
import { type LiveEvent, createRealtime } from './realtime';
import { type RoomChange, roomChangeEvents } from './room-events';

export async function registerLiveUpdates(
  app: App,
  {
    database,
    publicCache,
    ws,
    onNotice,
  }: {
    database: Database;
    publicCache: PublicCache;
    ws: Config['ws'];
    /** Each player notice once published (web push sends it to the player's devices). */
    onNotice?: (event: LiveEvent) => void;
  },
) {
  const realtime = await createRealtime(app, database, ws);
  app.decorate('realtime', realtime);
  realtime.onEvent((event) => {
    if (event.type === 'settings') forgetCachedSettings(database.db);
    else publicCache.invalidateFor(event);
  });
  // Events may have been missed while the LISTEN connection was down: nothing cached stays.
  realtime.onResync(() => {
    publicCache.invalidate('rooms', 'stats', 'draws');
    forgetCachedSettings(database.db);
  });
  app.addHook('preClose', async () => realtime.close());
  const publishRoomChange = async (salaId: string, change: RoomChange) => {
    for (const event of await roomChangeEvents(database.db, salaId, change))
      await realtime.publish(event);
  };
  app.decorate('publishRoom', (salaId: string) => publishRoomChange(salaId, { kind: 'seats' }));
  // A failure here must never fail the request that caused the event: it is logged and the
  // screens' polling covers it.
  const live = (work: () => Promise<void>) => {
    work().catch((error: unknown) => app.log.warn({ err: error }, 'live update not published'));
  };
  const { events } = app;
  events.on('pix', (results: ReceiveResult[]) =>
    live(async () => {
      for (const r of results) {
        if (r.userId)
          await realtime.publish({
            type: 'payment',
            userId: r.userId,
            txid: null,
            outcome: r.outcome,
          });
        if (r.salaId) await app.publishRoom(r.salaId);
      }
    }),
  );
  const publishAll = async (list: Promise<LiveEvent[]>) => {
    for (const event of await list) {
      await realtime.publish(event);
      onNotice?.(event);
    }
  };
  events.on('draw', (outcome: DrawOutcome) =>
    live(async () => {
      if (outcome.kind === 'skipped' || outcome.kind === 'pending') return;
      await publishRoomChange(outcome.salaId, {
        kind: 'draw',
        drawId: outcome.kind === 'drawn' ? outcome.sorteioId : null,
        result: outcome.kind,
      });
      // Each player in the room, on whatever screen they are.
      await publishAll(
        outcome.kind === 'drawn'
          ? roomDrawnNotices(database.db, outcome)
          : roomCancelledNotices(database.db, outcome),
      );
    }),
  );
  events.on('payout', (event: PayoutEvent) =>
    live(async () => {
      await realtime.publish({ type: 'payout', userId: event.userId, result: event.result });
      if (event.kind === 'prize' && event.result === 'confirmado')
        await publishAll(prizePaidNotices(database.db, event));
    }),
  );
  // A room full with every seat paid: each of its players is told, before the draw runs.
  events.on('room-filled', (salaId: string) =>
    live(() => publishAll(roomFilledNotices(database.db, salaId))),
  );
  events.on('room', (salaId: string) => live(() => app.publishRoom(salaId)));
}
