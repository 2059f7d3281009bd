/**
 * Serves the built single-page app: hashed assets with a long cache, the prerendered landing page
 * (landing.html) for `/` when the request carries no session cookie, a route page (index.html plus
 * that screen's modulepreloads, routes/<name>.html) for `/<name>`, and index.html for every other
 * path outside /api so deep links work. The web build writes a brotli (.br) and a gzip (.gz) copy
 * next to each compressible asset and next to the pages; they are sent to clients that accept them (with `Vary: Accept-Encoding`), so
 * the product compresses without a proxy and without CPU per request.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasSessionCookie } from '../lib/client-key';
import type { App } from '../lib/fastify';

type Encoding = 'br' | 'gzip';

/** One HTML page, with its compressed copies. */
interface Page {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** The app's HTML pages, chosen and encoded per request. */
export interface SpaPages {
  /**
   * The page for a path outside the API: the light landing for `/` without a session cookie, the
   * app's shell otherwise (a visitor with a session gets the app, whose landing is signed in).
   */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply;
  /** The app's shell with `head` (meta tags, already escaped) added to its head. */
  sendWithHead(request: FastifyRequest, reply: FastifyReply, head: string): FastifyReply;
}

/** The build's .br/.gz copy when present, or one made once now (a build without them). */
function loadPage(file: string): Page {
  const identity = readFileSync(file);
  const copy = (suffix: string, make: () => Buffer): Buffer => {
    const built = `${file}.${suffix}`;
    return existsSync(built) ? readFileSync(built) : make();
  };
  return {
    identity,
    br: copy('br', () =>
      brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    ),
    gzip: copy('gz', () => gzipSync(identity, { level: 9 })),
  };
}

/** The preferred encoding the client accepts (brotli first), or none. */
export function negotiateEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weightOf('br') > 0) return 'br';
  if (weightOf('gzip') > 0) return 'gzip';
  return null;
}

/** `html` with `head` added at the end of its head, its own <title> replaced when `head` has one. */
export function injectHead(html: string, head: string): string {
  const page = head.includes('<title>') ? html.replace(/<title>[\s\S]*?<\/title>/, '') : html;
  return page.replace('</head>', `    ${head}\n  </head>`);
}

function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

export async function registerStatic(app: App, staticDir: string | null): Promise<SpaPages | null> {
  if (!staticDir || !existsSync(path.join(staticDir, 'index.html'))) {
    app.log.warn({ staticDir }, 'web app not built: only the API is served (run npm run build)');
    return null;
  }
  const index = loadPage(path.join(staticDir, 'index.html'));
  const landingFile = path.join(staticDir, 'landing.html');
  const landing = existsSync(landingFile) ? loadPage(landingFile) : index;
  // routes/<name>.html: the app's shell for `/<name>`, naming that screen's chunks up front.
  const routePages = new Map<string, Page>();
  const routesDir = path.join(staticDir, 'routes');
  if (existsSync(routesDir)) {
    for (const file of readdirSync(routesDir)) {
      if (file.endsWith('.html'))
        routePages.set(`/${file.slice(0, -5)}`, loadPage(path.join(routesDir, file)));
    }
  }
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
  const indexHtml = index.identity.toString('utf8');
  return {
    sendWithHead(request, reply, head) {
      const body = Buffer.from(injectHead(indexHtml, head));
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      void reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'Accept-Encoding');
      if (!encoding) return reply.send(body);
      // A small page made per request: a fast compression level.
      return reply
        .header('content-encoding', encoding)
        .send(
          encoding === 'br'
            ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
            : gzipSync(body, { level: 6 }),
        );
    },
    send(request, reply) {
      const pathname = pathOf(request.url);
      const root = pathname === '/';
      // The session cookie is httpOnly: only here can it be seen. The light page is for signed-out
      // visitors (its buttons are the signed-out ones); an expired session gets the app, which
      // reads the session and shows the signed-out landing.
      const page =
        root && !hasSessionCookie(request) ? landing : (routePages.get(pathname) ?? index);
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      void reply
        .type('text/html; charset=utf-8')
        // Always revalidated: the page names the current hashed assets.
        .header('cache-control', 'no-cache')
        .header('vary', root ? 'Accept-Encoding, Cookie' : 'Accept-Encoding');
      if (encoding) void reply.header('content-encoding', encoding);
      return reply.send(encoding ? page[encoding] : page.identity);
    },
  };
}
