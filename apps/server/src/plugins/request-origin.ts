/**
 * The one rule of where a state change comes from (docs/decisions/019-request-origin.md).
 *
 * A browser attaches the session cookie to whatever request a page makes, even a page on another
 * site; what it never lets that page choose are the `Origin` and `Sec-Fetch-Site` headers. So a
 * state change (POST, PUT, PATCH, DELETE) must:
 * - never show a foreign source: an `Origin` other than ours, or `Sec-Fetch-Site` `cross-site` /
 *   `same-site`, is refused on every route, signed in or not (a cross-site sign-in is refused too);
 * - when it carries one of the auth library's cookies, prove it comes from our own pages: an
 *   `Origin` that is ours or `Sec-Fetch-Site: same-origin`. Without either it is refused, for a
 *   staff account and a player alike (both move money: a player's Saldo, PIX key and withdrawals).
 * Exempt: the webhooks under /api/webhooks/ (PIX, Twilio, WhatsApp), authenticated by their own
 * secret or signature and never by a cookie, and requests without any of our cookies (nothing to
 * ride on). The decision reads headers only (no session lookup), in `onRequest`: a refused request
 * is answered before its body is read, its input validated or any permission looked up.
 */
import { AppError } from '../lib/errors';
import type { App } from '../lib/fastify';

export const requestOriginMessages = {
  foreign: 'Origem da requisição não permitida.',
  unproven:
    'Não foi possível confirmar que esta alteração veio do site da Sorteio Certo. Recarregue a página e tente novamente.',
} as const;

/** The machine-readable reasons of the 403 answers. */
export const requestOriginReasons = {
  foreign: 'ORIGIN_NOT_ALLOWED',
  unproven: 'ORIGIN_REQUIRED',
} as const;

export type OriginVerdict = 'allowed' | keyof typeof requestOriginMessages;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Paths authenticated otherwise (a secret in the URL or a provider's signature), never by cookie. */
export const ORIGIN_EXEMPT_PREFIXES = ['/api/webhooks/'] as const;

/** Any cookie of the auth library (session, pending two-factor sign-in, "remember me"). */
const AUTH_COOKIE = /(?:^|;\s*)(?:__Secure-)?sorteio\.[\w.-]+=/;

export interface OriginInput {
  method: string;
  /** The matched route's pattern (never the raw URL: no path trick reaches an exemption). */
  route: string;
  origin: string | undefined;
  fetchSite: string | undefined;
  cookie: string | undefined;
}

/** The rule itself, on the request's headers alone (unit-tested without a server). */
export function originVerdict(
  input: OriginInput,
  allowedOrigins: ReadonlySet<string>,
): OriginVerdict {
  if (SAFE_METHODS.has(input.method)) return 'allowed';
  if (ORIGIN_EXEMPT_PREFIXES.some((prefix) => input.route.startsWith(prefix))) return 'allowed';
  const site = input.fetchSite?.trim().toLowerCase();
  // `none` is a request the user started (typed address, bookmark): no page behind it, but no
  // proof of ours either. Any other value than `same-origin` names another site.
  if (site && site !== 'same-origin' && site !== 'none') return 'foreign';
  if (input.origin !== undefined) {
    if (allowedOrigins.has(input.origin)) return 'allowed';
    // A browser sends `Origin: null` on some same-origin requests (after a redirect, a privacy
    // setting); the fetch metadata then still vouches for it.
    if (input.origin === 'null' && site === 'same-origin') return 'allowed';
    return 'foreign';
  }
  if (site === 'same-origin') return 'allowed';
  if (!AUTH_COOKIE.test(input.cookie ?? '')) return 'allowed';
  return 'unproven';
}

/** The single hook that applies the rule to every route (app.ts, security section). */
export function registerRequestOrigin(app: App, options: { allowedOrigins: readonly string[] }) {
  const allowed = new Set(options.allowedOrigins.map((o) => new URL(o).origin));
  app.addHook('onRequest', async (request) => {
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value.join(',') : value;
    };
    const verdict = originVerdict(
      {
        method: request.method,
        route: request.routeOptions.url ?? '',
        origin: header('origin'),
        fetchSite: header('sec-fetch-site'),
        cookie: header('cookie'),
      },
      allowed,
    );
    if (verdict === 'allowed') return;
    throw new AppError('FORBIDDEN', {
      message: requestOriginMessages[verdict],
      reason: requestOriginReasons[verdict],
    });
  });
}
