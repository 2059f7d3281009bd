/**
 * The PIX provider of the running app, and what follows money received: the payers told (mail,
 * live events), then a room that the payment closed drawn at once.
 */
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { App } from '../../lib/fastify';
import { createPixRuntime } from '../integrations/pix-config.service';
import type { Mailer } from '../mail/mail.service';
import { notifyReceipts } from './payments.routes';
import type { ReceiveResult } from './payments.service';
import type { PixProvider } from './pix-provider';

/**
 * The configuration stored from /gerencianet-config, else the environment's; switched without a
 * restart. Tests that inject a provider (`fixed`, null included) get exactly that one.
 */
export async function registerPixProvider(
  app: App,
  { config, db, fixed }: { config: Config; db: Db; fixed: PixProvider | null | undefined },
): Promise<PixProvider | null> {
  const pixRuntime = await createPixRuntime({
    config,
    db,
    log: app.log,
    ...(fixed === undefined ? {} : { fixed }),
  });
  app.addHook('onClose', async () => pixRuntime.close());
  app.decorate('pixRuntime', pixRuntime);
  const pix = fixed === undefined ? pixRuntime.provider : fixed;
  app.decorate('pix', pix);
  return pix;
}

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
