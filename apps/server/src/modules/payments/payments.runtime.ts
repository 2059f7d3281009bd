/**
 * What follows money received: the payers told (mail, live events), then a room that the payment
 * closed drawn at once.
 */
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { App } from '../../lib/fastify';
import type { Mailer } from '../mail/mail.service';
import { notifyReceipts } from './payments.service';
import type { ReceiveResult } from './payments.service';

export function afterPixReceived(
  app: App,
  { db, config, mailer }: { db: Db; config: Config; mailer: Mailer },
) {
  return async (results: ReceiveResult[]) => {
    await notifyReceipts(db, mailer, config, results);
    app.events.emit('pix', results);
    for (const r of results) if (r.roomClosed && r.salaId) await app.drawIfDue(r.salaId);
  };
}
