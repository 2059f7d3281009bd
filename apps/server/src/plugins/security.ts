/**
 * Security: headers with a real CSP, cookies, sockets and uploads bounded, rate limits per address
 * and per account, the forced password change, and the origin check of state changes.
 */
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import { MAX_UPLOAD_BYTES, adminMessages, countOf } from '@sorteio/shared';
import type { FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';
import { HEALTH_PATHS, isApiPath } from '../lib/api-path';
import { getSessionUser } from '../lib/authz';
import { addressKey, clientKey, hasSessionCookie } from '../lib/client-key';
import { AppError } from '../lib/errors';
import type { App } from '../lib/fastify';
import type { SharedRedis } from '../lib/redis';
import { createSharedWindowCounter } from '../lib/window-counter';
import { registerRequestOrigin } from './request-origin';

export async function registerSecurity(
  app: App,
  { config, redis }: { config: Config; redis: SharedRedis | null },
) {
  const https = config.baseUrl.startsWith('https://');
  // Security headers, by helmet's own middleware built ONCE (@fastify/helmet built it anew for
  // every request, parsing the whole CSP each time: a few percent of the server's CPU under load).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and the charts set inline style attributes; no inline scripts are allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", https ? 'wss:' : 'ws:'],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });
  await app.register(fastifyCookie, { secret: [config.appSecret, ...config.appSecretPrevious] });
  // The socket carries only the browser's keep-alive ('ping'): tiny frames (docs/limits.md).
  await app.register(fastifyWebsocket, { options: { maxPayload: 512 } });
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 10 },
  });
  // Outer bound per address on the API, before any lookup; static files and the SPA's HTML are
  // never limited (a page must load for a family or a carrier sharing one address).
  // Counted across the copies in Redis when REDIS_URL is set (lib/window-counter.ts).
  const addressLimit = createSharedWindowCounter(redis, 'addr', {
    max: config.rateLimitAddressMax,
    windowMs: 60_000,
  });
  app.addHook('onRequest', async (request, reply) => {
    // Health probes (load balancers) always answer: they are cheap and must not be starved.
    if (!isApiPath(request.url) || HEALTH_PATHS.has(request.url)) return;
    const { allowed, retryAfterMs } = await addressLimit.hit(addressKey(request));
    if (allowed) return;
    void reply.header('retry-after', String(Math.ceil(retryAfterMs / 1000)));
    throw new AppError('RATE_LIMITED', {
      message: `Muitas requisições deste endereço. Tente novamente em ${countOf(Math.ceil(retryAfterMs / 1000), 'segundo', 'segundos')}.`,
    });
  });
  // Uploads are heavy (decoding, storage): a bounded number at once per server copy.
  let uploadsInFlight = 0;
  const uploading = Symbol('uploading');
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.url) || !request.isMultipart()) return;
    if (uploadsInFlight >= config.uploadConcurrency) {
      void reply.header('retry-after', '5');
      throw new AppError('SERVICE_UNAVAILABLE', {
        message: 'Muitos envios ao mesmo tempo. Tente novamente em alguns segundos.',
      });
    }
    uploadsInFlight += 1;
    (request as unknown as Record<symbol, boolean>)[uploading] = true;
    // An aborted upload never reaches onResponse. (Not a global onRequestAbort hook: that one
    // breaks injected WebSocket requests, whose raw request is not a stream.)
    request.raw.once('close', () => uploadDone(request));
  });
  const uploadDone = (request: FastifyRequest) => {
    const marks = request as unknown as Record<symbol, boolean>;
    if (!marks[uploading]) return;
    marks[uploading] = false;
    uploadsInFlight -= 1;
  };
  app.addHook('onResponse', async (request) => uploadDone(request));
  // Per account when signed in (the verified session), per address otherwise; counted after the
  // session lookup, so a made-up cookie never opens a fresh bucket (lib/client-key.ts).
  await app.register(fastifyRateLimit, {
    global: true,
    // Shared by every copy when REDIS_URL is set; while Redis does not answer, requests go on
    // (the per-address bound above still counts in this copy's memory).
    ...(redis ? { redis, nameSpace: 'rl:', skipOnError: true } : {}),
    hook: 'preHandler',
    // A signed-in account has its own bucket; signed-out visitors share their address's, which
    // must stay generous (a carrier's or a family's address carries many people).
    max: async (_request, key) =>
      key.startsWith('u:') ? config.rateLimitMax : config.rateLimitAddressMax,
    timeWindow: '1 minute',
    keyGenerator: clientKey,
    allowList: (request) => !isApiPath(request.url),
    cache: 100_000,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Muitas tentativas. Tente novamente em ${countOf(Math.ceil(context.ttl / 1000), 'segundo', 'segundos')}.`,
    }),
  });
  // An account created by staff with a temporary password does nothing else until it sets its own.
  const passwordChangeAllowed = new Set([
    '/api/me',
    '/api/auth/sign-out',
    '/api/account/change-password',
    '/api/admin-access',
    '/api/public/config',
    // The change-password screen shows the minimum length of the settings.
    '/api/public/settings',
  ]);
  app.addHook('preHandler', async (request) => {
    if (!isApiPath(request.url) || !hasSessionCookie(request)) return;
    if (passwordChangeAllowed.has(request.routeOptions.url ?? '')) return;
    const me = await getSessionUser(request);
    if (me?.mustChangePassword)
      throw new AppError('FORBIDDEN', {
        message: adminMessages.passwordChangeRequired,
        reason: 'PASSWORD_CHANGE_REQUIRED',
      });
  });
  // State changes must prove they come from our own pages (DESIGN.md section 7): one rule for
  // every route, the auth library's included (plugins/request-origin.ts).
  registerRequestOrigin(app, { allowedOrigins: [config.baseUrl] });
}
