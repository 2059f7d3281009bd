/**
 * Serves the built single-page app: hashed assets with a long cache, and index.html for every
 * other path outside /api so deep links work. The web build writes a brotli (.br) and a gzip (.gz)
 * copy next to each compressible asset; they are sent to clients that accept them (with
 * `Vary: Accept-Encoding`), so the product compresses without a proxy and without CPU per request.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { App } from '../lib/fastify';

export async function registerStatic(app: App, staticDir: string | null): Promise<string | null> {
  if (!staticDir || !existsSync(path.join(staticDir, 'index.html'))) {
    app.log.warn({ staticDir }, 'web app not built: only the API is served (run npm run build)');
    return null;
  }
  const indexHtml = readFileSync(path.join(staticDir, 'index.html'), 'utf8');
  await app.register(fastifyStatic, {
    root: staticDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        void res.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        void res.header('cache-control', 'no-cache');
      }
    },
  });
  return indexHtml;
}
