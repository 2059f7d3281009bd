/**
 * The PIX provider of the running app: the configuration stored from /gerencianet-config, else the
 * environment's; switched without a restart. Tests that inject a provider (`fixed`, null included)
 * get exactly that one.
 */
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { App } from '../lib/fastify';
import { createPixRuntime } from '../modules/pix-setup/pix-setup.service';
import type { PixProvider } from '../modules/payments';

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
