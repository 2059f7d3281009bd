/**
 * The one-statement session read (auth.routes.ts `readSessionUser`): it must accept exactly what
 * the auth library accepts, so a forged, revoked, expired or suspended session is refused on the
 * fast path too.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profiles, session } from '../../db/schema';
import { createUser, signIn, useTestApp } from '../../test/helpers';
import { verifiedSessionToken } from '../../lib/request';
import { readSessionRow, sessionReads } from './session.service';
import { cookieSecret } from './auth';

const ctx = useTestApp();

async function me(cookie: string) {
  return (await ctx.app.inject({ url: '/api/me', headers: { cookie } })).json().user as {
    id: string;
  } | null;
}

/** The session cookie's value (`token.signature`, URL-encoded) out of a Cookie header. */
function sessionValue(cookie: string): string {
  const value = /sorteio\.session_token=([^;]*)/.exec(cookie)?.[1];
  if (!value) throw new Error(`no session cookie in ${cookie}`);
  return value;
}

function withSessionValue(cookie: string, value: string): string {
  return cookie.replace(/sorteio\.session_token=[^;]*/, `sorteio.session_token=${value}`);
}

describe('verifiedSessionToken', () => {
  it('reads the token of a cookie signed as a sign-in signs it, and nothing else', async () => {
    const player = await createUser(ctx);
    const cookie = await signIn(ctx, player);
    const secret = cookieSecret(ctx.app.config);
    const token = verifiedSessionToken(cookie, secret);
    expect(token).toBeTruthy();
    const [row] = await ctx.database.db.select().from(session).where(eq(session.token, token!));
    expect(row?.userId).toBe(player.id);

    const [rawToken, signature] = decodeURIComponent(sessionValue(cookie)).split('.');
    expect(verifiedSessionToken(cookie, `${secret}x`)).toBeNull();
    expect(verifiedSessionToken(`sorteio.session_token=${rawToken}`, secret)).toBeNull();
    expect(
      verifiedSessionToken(`sorteio.session_token=${rawToken}x.${signature}`, secret),
    ).toBeNull();
    expect(verifiedSessionToken('sorteio.session_token=%E0%A4%A', secret)).toBeNull();
    expect(verifiedSessionToken(undefined, secret)).toBeNull();
  });
});

describe('a request signed in through the fast path', () => {
  it('is refused with a forged signature, and once the session is revoked or expired', async () => {
    const player = await createUser(ctx);
    const cookie = await signIn(ctx, player);
    expect((await me(cookie))?.id).toBe(player.id);

    const [rawToken] = decodeURIComponent(sessionValue(cookie)).split('.');
    const forged = withSessionValue(
      cookie,
      encodeURIComponent(`${rawToken}.${Buffer.alloc(32).toString('base64')}`),
    );
    expect(await me(forged)).toBeNull();

    // Expired: the row says so, whatever the cookie.
    await ctx.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, rawToken!));
    expect(await me(cookie)).toBeNull();

    // Revoked: the row is gone (sign-out, "end other sessions", suspension).
    const again = await signIn(ctx, player);
    expect((await me(again))?.id).toBe(player.id);
    const [againToken] = decodeURIComponent(sessionValue(again)).split('.');
    await ctx.database.db.delete(session).where(eq(session.token, againToken!));
    expect(await me(again)).toBeNull();
  });

  it('ends with the account: a suspended player is signed out on the next request', async () => {
    const player = await createUser(ctx);
    const cookie = await signIn(ctx, player);
    expect((await me(cookie))?.id).toBe(player.id);
    await ctx.database.db
      .update(profiles)
      .set({ statusConta: 'suspenso' })
      .where(eq(profiles.id, player.id));
    expect(await me(cookie)).toBeNull();
  });
});

describe('session reads arriving together', () => {
  it('go as one statement and each gets its own session, a revoked one none', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => createUser(ctx)));
    const cookies = [];
    for (const [i, p] of players.entries())
      cookies.push(await signIn(ctx, p, `198.51.100.${i + 10}`));
    const revoked = verifiedSessionToken(cookies[5], cookieSecret(ctx.app.config))!;
    await ctx.database.db.delete(session).where(eq(session.token, revoked));

    const before = { ...sessionReads };
    // The same player twice, and every request in the same turn of the event loop.
    const answers = await Promise.all([...cookies, cookies[0]!].map((c) => me(c)));
    expect(answers.map((a) => a?.id ?? null)).toEqual([
      ...players.slice(0, 5).map((p) => p.id),
      null,
      players[0]!.id,
    ]);
    expect(sessionReads.reads - before.reads).toBe(7);
    expect(sessionReads.statements - before.statements).toBe(1);

    // A read alone still goes alone.
    expect((await me(cookies[1]!))?.id).toBe(players[1]!.id);
    expect(sessionReads.statements - before.statements).toBe(2);
  });

  it('all fail together when the statement fails, and the next read works again', async () => {
    const player = await createUser(ctx);
    const token = verifiedSessionToken(
      await signIn(ctx, player, '198.51.100.40'),
      cookieSecret(ctx.app.config),
    )!;
    const broken = {
      session: {
        constructor: class Broken {},
        client: null,
      },
    } as unknown as Parameters<typeof readSessionRow>[0];
    await expect(
      Promise.all([readSessionRow(broken, token), readSessionRow(broken, 'outro')]),
    ).rejects.toThrow();
    expect((await readSessionRow(ctx.database.db, token))?.id).toBe(player.id);
  });
});
