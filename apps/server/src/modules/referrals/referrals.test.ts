import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ledgerTransactions,
  profiles,
  referrals,
  staffAuditLog,
  user,
  verificacaoUsuario,
} from '../../db/schema';
import { createUser, jsonHeaders, newCpf, signIn, useTestApp } from '../../test/helpers';
import { createRoom } from '../rooms/rooms.service';
import { balanceOf, postTransaction } from '../wallet/ledger.service';
import { runLedgerAudit } from '../wallet/ledger-audit';
import { payReferralBonuses } from './referral-bonus';

let admin: string;
let roomId: string;
let secondRoomId: string;
const db = () => ctx.database.db;
const INVITER_UA = 'Mozilla/5.0 (Linux; Android 14) Celular-do-Convidante';

const ctx = useTestApp();
beforeAll(async () => {
  admin = await signIn(ctx, await createUser(ctx, { role: 'admin' }), '198.18.7.1');
  roomId = (
    await createRoom({
      db: db(),
      input: { tipoSala: 'ouro', valorEntradaCentavos: 1000, maxParticipantes: 50, taxaBp: 1000 },
    })
  ).id;
  secondRoomId = (
    await createRoom({
      db: db(),
      input: { tipoSala: 'prata', valorEntradaCentavos: 1000, maxParticipantes: 50, taxaBp: 1000 },
    })
  ).id;
});

const get = (url: string, cookie: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { cookie } });

/** The inviter: a verified player signed in from its own phone. */
async function inviter() {
  const who = await createUser(ctx, {
    profile: { nomeCompleto: 'Quem Convida', cpf: newCpf(), isVerified: true },
  });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { ...jsonHeaders, 'user-agent': INVITER_UA },
    payload: { email: who.email, password: who.password },
    remoteAddress: '100.70.0.10',
  });
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const card = (await get('/api/referrals/me', cookie)).json<{ code: string; link: string }>();
  return { ...who, cookie, code: card.code, link: card.link };
}

/** Signs up through the API with the code, as the /register form does. */
async function signUpInvited(
  code: string,
  device: { ip: string; userAgent: string },
): Promise<{ id: string; email: string; password: string }> {
  const email = `convidado-${Math.random().toString(36).slice(2, 10)}@teste.com.br`;
  const password = 'senha-do-convidado-1';
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { ...jsonHeaders, 'user-agent': device.userAgent },
    payload: { email, password, name: '', acceptLegalTerms: true, referralCode: code },
    remoteAddress: device.ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  const [created] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
  await db().update(user).set({ emailVerified: true }).where(eq(user.id, created!.id));
  await db()
    .update(profiles)
    .set({
      nomeCompleto: 'Amigo Convidado',
      cpf: newCpf(),
      dataNascimento: '1995-05-05',
      isVerified: true,
    })
    .where(eq(profiles.id, created!.id));
  return { id: created!.id, email, password };
}

/** The invited player's entry, paid from a Saldo given for the test. */
async function joinWithBalance(
  who: { id: string; email: string; password: string },
  ip: string,
  room = roomId,
) {
  await postTransaction(db(), {
    kind: 'grant',
    idempotencyKey: `referral-test:${who.id}:${Math.random()}`,
    description: 'Saldo de teste',
    userId: who.id,
    entries: [
      { account: { kind: 'platform_grants' }, amount: -1000 },
      { account: { kind: 'user_saldo', userId: who.id }, amount: 1000 },
    ],
  });
  const cookie = await signIn(ctx, who, ip);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/rooms/${room}/join`,
    headers: { ...jsonHeaders, cookie },
    payload: { metodo: 'balance' },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The referral of `invitedId` once decided (by the join's event or by this round). */
async function decided(invitedId: string) {
  await payReferralBonuses(db(), { invitedId });
  const [row] = await db().select().from(referrals).where(eq(referrals.invitedId, invitedId));
  return row!;
}

const bonusesOf = (invitedId: string) =>
  db()
    .select()
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.kind, 'referral_bonus'),
        eq(ledgerTransactions.idempotencyKey, `referral:${invitedId}`),
      ),
    );

describe('referrals', () => {
  it('pays the inviter’s bonus in Cashback once, at the invited player’s first confirmed entry', async () => {
    const a = await inviter();
    expect(a.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(a.link).toBe(`${ctx.config.baseUrl}/register?invite_code=${a.code}`);
    const friend = await signUpInvited(a.code.toLowerCase(), {
      ip: '100.71.0.20',
      userAgent: 'Mozilla/5.0 (iPhone) Celular-do-Amigo',
    });
    const [row] = await db().select().from(referrals).where(eq(referrals.invitedId, friend.id));
    expect(row).toMatchObject({ inviterId: a.id, status: 'pending', signupIp: '100.71.0.20' });

    // Nothing before an entry.
    expect(await payReferralBonuses(db(), { invitedId: friend.id })).toEqual([]);
    const before = await balanceOf(db(), { kind: 'user_cashback', userId: a.id });
    await joinWithBalance(friend, '100.71.0.20');
    // The join's event decides it too; running it again (and in parallel) pays nothing more.
    await Promise.all([
      payReferralBonuses(db()),
      payReferralBonuses(db(), { invitedId: friend.id }),
    ]);
    await payReferralBonuses(db());
    // A second entry of the same friend earns nothing more.
    await joinWithBalance(friend, '100.71.0.20', secondRoomId);
    await payReferralBonuses(db());

    expect(await bonusesOf(friend.id)).toHaveLength(1);
    expect(await balanceOf(db(), { kind: 'user_cashback', userId: a.id })).toBe(before + 500);
    const card = (await get('/api/referrals/me', a.cookie)).json();
    expect(card).toMatchObject({ joined: 1, rewarded: 1, earnedCentavos: 500, bonusCentavos: 500 });
    const [decided] = await db().select().from(referrals).where(eq(referrals.invitedId, friend.id));
    expect(decided).toMatchObject({ status: 'paid', bonusCentavos: 500, refusal: null });
    // The statement names it.
    const statement = (await get('/api/wallet/statement', a.cookie)).body;
    expect(statement).toContain('referral_bonus');
  });

  it('refuses the bonus for an account with the inviter’s CPF', async () => {
    const a = await inviter();
    const [inviterProfile] = await db().select().from(profiles).where(eq(profiles.id, a.id));
    const twin = await signUpInvited(a.code, { ip: '100.72.0.30', userAgent: 'Outro-Celular' });
    // The invited account's identity document is the inviter's CPF (the profile's CPF is unique).
    await db().insert(verificacaoUsuario).values({
      userId: twin.id,
      tipoDocumento: 'cpf',
      numeroDocumento: inviterProfile!.cpf!,
      fotoDocumentoKey: 'doc-key',
      selfieKey: 'selfie-key',
      statusVerificacao: 'verificado',
    });
    await joinWithBalance(twin, '100.72.0.30');
    expect(await decided(twin.id)).toMatchObject({
      status: 'refused',
      refusal: 'same_cpf',
      bonusCentavos: null,
    });
    expect(await bonusesOf(twin.id)).toHaveLength(0);
    expect(await payReferralBonuses(db(), { invitedId: twin.id })).toEqual([]);
    const card = (await get('/api/referrals/me', a.cookie)).json();
    expect(card).toMatchObject({ joined: 1, rewarded: 0, earnedCentavos: 0 });
  });

  it('refuses it for a PIX key that pays the inviter, and for the inviter’s own device', async () => {
    const a = await inviter();
    const [inviterProfile] = await db().select().from(profiles).where(eq(profiles.id, a.id));
    const pixTwin = await signUpInvited(a.code, { ip: '100.73.0.40', userAgent: 'Terceiro' });
    await db()
      .update(profiles)
      .set({ chavePix: a.email, chavePixTipo: 'email' })
      .where(eq(profiles.id, pixTwin.id));
    expect(inviterProfile!.chavePix).toBeNull();
    await joinWithBalance(pixTwin, '100.73.0.40');
    expect(await decided(pixTwin.id)).toMatchObject({ status: 'refused', refusal: 'same_pix' });

    // Signed up on the inviter's phone (same address and browser as its sign-in).
    const sameDevice = await signUpInvited(a.code, { ip: '100.70.0.10', userAgent: INVITER_UA });
    await joinWithBalance(sameDevice, '100.74.0.50');
    expect(await decided(sameDevice.id)).toMatchObject({
      status: 'refused',
      refusal: 'same_device',
    });
    expect(await bonusesOf(pixTwin.id)).toHaveLength(0);
    expect(await bonusesOf(sameDevice.id)).toHaveLength(0);
  });

  it('lets the administrator see the figures and turn the program off, audited', async () => {
    const figures = await get('/api/admin/referrals', admin);
    expect(figures.statusCode).toBe(200);
    expect(figures.json()).toMatchObject({ enabled: true, paid: 1, paidCentavos: 500 });
    expect(figures.json().refusedByReason).toMatchObject({
      same_cpf: 1,
      same_pix: 1,
      same_device: 1,
    });

    const manager = await signIn(ctx, await createUser(ctx, { role: 'manager' }), '198.18.7.2');
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/referrals',
      headers: { ...jsonHeaders, cookie: manager },
      payload: { enabled: false },
    });
    expect(refused.statusCode).toBe(403);
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/referrals',
      headers: { ...jsonHeaders, cookie: admin },
      payload: { bonusCentavos: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('O bônus mínimo é R$ 0,01.');

    const off = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/referrals',
      headers: { ...jsonHeaders, cookie: admin },
      payload: { enabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().enabled).toBe(false);
    const audit = await db()
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, 'referrals.settings'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ before: { enabled: true }, after: { enabled: false } });

    // While off, a sign-up with a code is not recorded.
    const a = await inviter();
    const late = await signUpInvited(a.code, { ip: '100.75.0.60', userAgent: 'Quinto' });
    expect(await db().select().from(referrals).where(eq(referrals.invitedId, late.id))).toEqual([]);
    expect((await get('/api/referrals/me', a.cookie)).json().enabled).toBe(false);
  });

  it('leaves the ledger audit clean', async () => {
    const audit = await runLedgerAudit(db());
    expect(audit.checks.filter((c) => !c.ok)).toEqual([]);
    expect(audit.checks.map((c) => c.name)).toContain(
      'Cada bônus de indicação corresponde a uma indicação paga, uma única vez',
    );
  });
});
