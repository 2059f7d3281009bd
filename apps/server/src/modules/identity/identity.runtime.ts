/** The automated identity analysis: a job when the queue is on, otherwise one at a time here. */
import type PgBoss from 'pg-boss';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { App } from '../../lib/fastify';
import type { FileStorage } from '../../lib/storage';
import type { Mailer } from '../mail/mail.service';
import { type FaceEngine, createFaceEngine } from './faces';
import { type IdentityQueue, createIdentityQueue } from './identity-queue';
import { createOcrEngine } from './ocr';

export async function registerIdentityRuntime(
  app: App,
  deps: {
    db: Db;
    config: Config;
    storage: FileStorage;
    mailer: Mailer;
    jobs: PgBoss | null;
    /** The face engine (one worker thread); created on first use when not given. */
    faces?: FaceEngine;
  },
): Promise<IdentityQueue> {
  const ocrEngine = createOcrEngine(deps.config.ocr);
  app.addHook('onClose', async () => (await ocrEngine)?.close?.());
  const identity = await createIdentityQueue(
    {
      db: deps.db,
      storage: deps.storage,
      faces: deps.faces ?? createFaceEngine(),
      ocr: () => ocrEngine,
      mailer: deps.mailer,
      baseUrl: deps.config.baseUrl,
    },
    { boss: deps.jobs, log: app.log },
  );
  app.decorate('identity', identity);
  app.addHook('onClose', async () => identity.close());
  return identity;
}
