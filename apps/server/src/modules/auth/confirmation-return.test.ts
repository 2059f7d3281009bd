import { describe, expect, it } from 'vitest';
import { jsonHeaders, useTestApp } from '../../test/helpers';

/**
 * A friend invited to a private room signs up from the invitation: the confirmation link of the
 * e-mail brings them back to the login screen with the room as the return target, and only a path
 * on this site is ever accepted as that target.
 */
const ctx = useTestApp();

let ip = 20;
function post(url: string, payload: object) {
  ip += 1;
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: jsonHeaders,
    payload,
    remoteAddress: `198.51.100.${ip}`,
  });
}

function linkIn(text: string): URL {
  const match = /(https?:\/\/\S+)/.exec(text);
  if (!match) throw new Error(`no link in: ${text}`);
  return new URL(match[1]!);
}

describe('return target through the e-mail confirmation', () => {
  it('keeps the invited room in the confirmation link', async () => {
    const email = 'amiga.convidada@teste.com.br';
    const callbackURL = `/login?verified=1&redirect=${encodeURIComponent('/private-room-invite/abcDEF123456_-x')}`;
    const signUp = await post('/api/auth/sign-up/email', {
      email,
      password: 'segredo1',
      name: 'amiga.convidada',
      callbackURL,
      acceptLegalTerms: true,
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const mail = ctx.mailer.sent.find((m) => m.to === email);
    const link = linkIn(mail!.text);
    const confirm = await ctx.app.inject({ url: link.pathname + link.search });
    expect(confirm.statusCode).toBe(302);
    expect(confirm.headers.location).toBe(callbackURL);
    const back = new URL(confirm.headers.location as string, 'http://localhost');
    expect(back.searchParams.get('redirect')).toBe('/private-room-invite/abcDEF123456_-x');
  });

  it.each(['https://evil.example/login', '//evil.example/login', '/\\evil.example'])(
    'refuses %s as the confirmation callback',
    async (callbackURL) => {
      const res = await post('/api/auth/sign-up/email', {
        email: `outra.${String(ip)}@teste.com.br`,
        password: 'segredo1',
        name: 'outra',
        callbackURL,
        acceptLegalTerms: true,
      });
      expect(res.statusCode).toBe(400);
    },
  );
});
