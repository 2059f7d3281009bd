/**
 * SMS (Twilio) and WhatsApp (Cloud API) notifications through the API, against the fake
 * providers: consent in the profile, opt-out by reply, status webhooks (good and bad signatures),
 * the daily cap, retries on 5xx, the administrator's switches, and the offline outbox.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  notificationConsentEvents,
  notificationMessages,
  notificationPreferences,
} from '../../db/schema';
import {
  type TestContext,
  createTestApp,
  createUser,
  jsonHeaders,
  signIn,
  TEST_BASE_URL,
} from '../../test/helpers';
import { setSetting } from '../settings/settings.service';
import type { PayoutEvent } from '../draws/payouts.service';
import {
  type FakeTwilio,
  type FakeWhatsApp,
  fakeTwilioEnv,
  signedTwilioForm,
  signedWhatsAppNotification,
  startFakeTwilio,
  startFakeWhatsApp,
} from './fake-providers';
import { whatsappTemplates } from './templates';

const VERIFY_TOKEN = 'verificacao-do-webhook-123';
let ctx: TestContext;
let twilio: FakeTwilio;
let wa: FakeWhatsApp;
let adminCookie: string;
let payoutN = 0;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  wa = await startFakeWhatsApp(
    Object.fromEntries(Object.entries(whatsappTemplates).map(([n, t]) => [n, t.params])),
  );
  ctx = await createTestApp({
    env: {
      ...fakeTwilioEnv(twilio),
      WHATSAPP_ACCESS_TOKEN: wa.accessToken,
      WHATSAPP_PHONE_NUMBER_ID: wa.phoneNumberId,
      WHATSAPP_APP_SECRET: wa.appSecret,
      WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
      WHATSAPP_BASE_URL: wa.baseUrl,
      NOTIFY_TIMEOUT_MS: '1000',
      NOTIFY_RETRY_BASE_SECONDS: '0.05',
      NOTIFY_DAILY_LIMIT: '3',
    },
  });
  adminCookie = await signIn(ctx, await createUser(ctx, { role: 'admin' }), '198.18.7.1');
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await twilio.close();
  await wa.close();
});

beforeEach(async () => {
  // Spec 001 defaults: SMS off, WhatsApp on. Tests that need SMS turn it on.
  await setSetting(ctx.database.db, 'notifications.sms', true, null);
  await setSetting(ctx.database.db, 'notifications.whatsapp', true, null);
});

const db = () => ctx.database.db;

async function player(phone: string | null, channels: { sms?: boolean; whatsapp?: boolean }) {
  const u = await createUser(ctx);
  const cookie = await signIn(ctx, u, `198.18.8.${(payoutN % 200) + 1}`);
  if (phone !== null) {
    const res = await put(cookie, { phone, ...channels });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { ...u, cookie };
}

const put = (cookie: string, body: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/profile/notifications',
    headers: { ...jsonHeaders, cookie },
    payload: JSON.stringify(body),
  });

function payout(userId: string, over: Partial<PayoutEvent> = {}) {
  payoutN += 1;
  const event: PayoutEvent = {
    payoutId: `00000000-0000-4000-8000-${String(payoutN).padStart(12, '0')}`,
    userId,
    kind: 'withdrawal',
    amount: 5000,
    result: 'confirmado',
    sorteioId: null,
    ...over,
  };
  // The event the payouts round emits after the payout's transaction committed.
  ctx.app.events.emit('payout', event);
}

const messagesOf = (userId: string) =>
  db().select().from(notificationMessages).where(eq(notificationMessages.userId, userId));

describe('consent in the profile', () => {
  it('starts with nothing, validates the phone, and records every yes and no', async () => {
    await setSetting(db(), 'notifications.sms', false, null);
    const p = await player(null, {});
    const first = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/notifications',
      headers: { cookie: p.cookie },
    });
    expect(first.json()).toMatchObject({
      phone: null,
      sms: { optedIn: false, enabledByPlatform: false },
      whatsapp: { optedIn: false, enabledByPlatform: true },
      dailyLimit: 3,
    });

    const bad = await put(p.cookie, { phone: '(11) 4000-0000', whatsapp: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(
      'Celular inválido: informe DDD e número, por exemplo (11) 98765-4321.',
    );
    const noPhone = await put(p.cookie, { whatsapp: true });
    expect(noPhone.json().error.message).toBe(
      'Informe um celular com DDD para receber SMS ou WhatsApp.',
    );
    const smsOff = await put(p.cookie, { phone: '(11) 98765-0001', sms: true });
    expect(smsOff.statusCode).toBe(400);
    expect(smsOff.json().error.message).toBe(
      'As notificações por SMS estão desativadas na plataforma.',
    );
    // Refusals changed nothing.
    expect(
      await db()
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, p.id)),
    ).toEqual([]);

    const ok = await put(p.cookie, { phone: '(11) 98765-0001', whatsapp: true });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      phone: '+5511987650001',
      whatsapp: { optedIn: true, source: 'profile' },
      sms: { optedIn: false },
    });
    expect(Date.parse(ok.json().whatsapp.changedAt)).toBeGreaterThan(Date.now() - 60_000);
    const off = await put(p.cookie, { whatsapp: false });
    expect(off.json().whatsapp.optedIn).toBe(false);
    const events = await db()
      .select()
      .from(notificationConsentEvents)
      .where(eq(notificationConsentEvents.userId, p.id))
      .orderBy(notificationConsentEvents.createdAt);
    expect(events.map((e) => [e.channel, e.optedIn, e.source, e.phone])).toEqual([
      ['whatsapp', true, 'profile', '+5511987650001'],
      ['whatsapp', false, 'profile', '+5511987650001'],
    ]);
  });

  it('sends only on the channels the player opted into, to the fakes, with the right content', async () => {
    const both = await player('(21) 99876-0002', { sms: true, whatsapp: true });
    const onlyWa = await player('(21) 99876-0003', { whatsapp: true });
    const none = await player(null, {});
    for (const p of [both, onlyWa, none]) payout(p.id, { amount: 12_345 });
    await ctx.app.notifications.idle();

    const sms = twilio.messages.filter((m) => m.To === '+5521998760002');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.Body).toBe(
      'Sorteio Certo: seu saque de R$ 123,45 foi pago por PIX. Para não receber mais, responda SAIR.',
    );
    expect(sms[0]!.StatusCallback).toBe(`${TEST_BASE_URL}/api/webhooks/twilio/status`);
    expect(twilio.messages.some((m) => m.To === '+5521998760003')).toBe(false);
    const whats = wa.messages.filter((m) => ['5521998760002', '5521998760003'].includes(m.to));
    expect(whats.map((m) => [m.to, m.template, m.params])).toEqual(
      expect.arrayContaining([
        ['5521998760002', 'saque_pago', ['R$ 123,45']],
        ['5521998760003', 'saque_pago', ['R$ 123,45']],
      ]),
    );
    expect(await messagesOf(none.id)).toEqual([]);
    const rows = await messagesOf(both.id);
    expect(rows.map((r) => [r.channel, r.status, r.event, r.attempts]).sort()).toEqual([
      ['sms', 'sent', 'withdrawal.paid', 1],
      ['whatsapp', 'sent', 'withdrawal.paid', 1],
    ]);
    expect(rows.find((r) => r.channel === 'sms')!.providerMessageId).toBe(sms[0]!.sid);
  });
});

describe('opt-out by reply', () => {
  it('SAIR by SMS and PARAR by WhatsApp turn the channel off; bad signatures change nothing', async () => {
    const p = await player('(31) 99111-0004', { sms: true, whatsapp: true });
    const url = `${TEST_BASE_URL}/api/webhooks/twilio/inbound`;
    const params = {
      From: '+5531991110004',
      To: '+15005550006',
      Body: 'Sair',
      MessageSid: 'SMin1',
    };

    const forged = signedTwilioForm('token-errado', url, params);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/twilio/inbound',
      ...forged,
    });
    expect(refused.statusCode).toBe(403);
    let [prefs] = await db()
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, p.id));
    expect(prefs!.smsOptIn).toBe(true);

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/twilio/inbound',
      ...signedTwilioForm(twilio.authToken, url, params),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/xml/);
    expect(res.body).toContain(
      '<Message>Você não receberá mais mensagens do Sorteio Certo por SMS.',
    );

    const waReply = signedWhatsAppNotification(wa.appSecret, wa.phoneNumberId, {
      contacts: [{ wa_id: '5531991110004' }],
      messages: [
        {
          from: '5531991110004',
          id: 'wamid.in',
          timestamp: '1700000000',
          type: 'text',
          text: { body: 'PARAR' },
        },
      ],
    } as never);
    const waForged = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/whatsapp',
      payload: waReply.payload,
      headers: { ...waReply.headers, 'x-hub-signature-256': `sha256=${'0'.repeat(64)}` },
    });
    expect(waForged.statusCode).toBe(403);
    const waRes = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/whatsapp',
      ...waReply,
    });
    expect(waRes.statusCode, waRes.body).toBe(200);

    [prefs] = await db()
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, p.id));
    expect(prefs).toMatchObject({
      smsOptIn: false,
      smsSource: 'reply',
      whatsappOptIn: false,
      whatsappSource: 'reply',
    });
    const consent = await db()
      .select()
      .from(notificationConsentEvents)
      .where(
        and(
          eq(notificationConsentEvents.userId, p.id),
          eq(notificationConsentEvents.source, 'reply'),
        ),
      );
    expect(consent.map((c) => [c.channel, c.optedIn, c.detail]).sort()).toEqual([
      ['sms', false, 'Sair'],
      ['whatsapp', false, 'PARAR'],
    ]);

    const before = twilio.requests + wa.requests;
    payout(p.id);
    await ctx.app.notifications.idle();
    expect(twilio.requests + wa.requests).toBe(before);
    expect(await messagesOf(p.id)).toEqual([]);

    // VOLTAR brings SMS back (the number is known for this account).
    await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/twilio/inbound',
      ...signedTwilioForm(twilio.authToken, url, { ...params, Body: 'VOLTAR' }),
    });
    const get = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/notifications',
      headers: { cookie: p.cookie },
    });
    expect(get.json().sms).toMatchObject({ optedIn: true, source: 'reply' });
  });
});

describe('status webhooks', () => {
  it('updates the delivery log from Twilio and WhatsApp callbacks, refusing bad signatures', async () => {
    const p = await player('(41) 99222-0005', { sms: true, whatsapp: true });
    payout(p.id);
    await ctx.app.notifications.idle();
    const rows = await messagesOf(p.id);
    const sms = rows.find((r) => r.channel === 'sms')!;
    const whats = rows.find((r) => r.channel === 'whatsapp')!;

    const url = `${TEST_BASE_URL}/api/webhooks/twilio/status`;
    const delivered = {
      MessageSid: sms.providerMessageId!,
      MessageStatus: 'delivered',
      AccountSid: twilio.accountSid,
      To: sms.toPhone,
    };
    const forged = signedTwilioForm(twilio.authToken, url, { ...delivered, MessageStatus: 'sent' });
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/twilio/status',
      payload: new URLSearchParams(delivered).toString(),
      headers: forged.headers,
    });
    expect(bad.statusCode).toBe(403);
    const good = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/twilio/status',
      ...signedTwilioForm(twilio.authToken, url, delivered),
    });
    expect(good.statusCode).toBe(204);

    const at = Math.floor(Date.now() / 1000);
    const statuses = (status: string, extra: object = {}) =>
      signedWhatsAppNotification(wa.appSecret, wa.phoneNumberId, {
        statuses: [
          {
            id: whats.providerMessageId,
            status,
            timestamp: String(at),
            recipient_id: '5541992220005',
            ...extra,
          },
        ],
      });
    const waBad = statuses('read');
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/whatsapp',
      payload: waBad.payload.replace('"read"', '"failed"'),
      headers: waBad.headers,
    });
    expect(refused.statusCode).toBe(403);
    for (const s of ['delivered', 'read']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/webhooks/whatsapp',
        ...statuses(s),
      });
      expect(res.statusCode).toBe(200);
    }
    // A late "sent" never moves a read message back.
    await ctx.app.inject({ method: 'POST', url: '/api/webhooks/whatsapp', ...statuses('sent') });

    const after = await messagesOf(p.id);
    expect(after.find((r) => r.channel === 'sms')).toMatchObject({ status: 'delivered' });
    expect(after.find((r) => r.channel === 'sms')!.deliveredAt).toBeInstanceOf(Date);
    const w = after.find((r) => r.channel === 'whatsapp')!;
    expect(w.status).toBe('read');
    expect(w.readAt?.getTime()).toBe(at * 1000);
    expect(w.deliveredAt?.getTime()).toBe(at * 1000);

    // A failure report of another message carries the provider's error into the log.
    payout(p.id);
    await ctx.app.notifications.idle();
    const second = (await messagesOf(p.id)).find(
      (r) => r.channel === 'whatsapp' && r.id !== whats.id,
    )!;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/whatsapp',
      ...signedWhatsAppNotification(wa.appSecret, wa.phoneNumberId, {
        statuses: [
          {
            id: second.providerMessageId,
            status: 'failed',
            timestamp: String(at),
            errors: [{ code: 131026, title: 'Message undeliverable' }],
          },
        ],
      }),
    });
    const [failed] = await db()
      .select()
      .from(notificationMessages)
      .where(eq(notificationMessages.id, second.id));
    expect(failed).toMatchObject({
      status: 'failed',
      error: 'WhatsApp 131026: Message undeliverable',
    });
  });

  it('answers the WhatsApp verification handshake only with the right token', async () => {
    const ok = await ctx.app.inject({
      method: 'GET',
      url: `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
    });
    expect([ok.statusCode, ok.body]).toEqual([200, '1158201444']);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=errado&hub.challenge=1',
    });
    expect(bad.statusCode).toBe(403);
  });
});

describe('limits, retries and switches', () => {
  it('caps each channel at the daily limit; security alerts go through anyway', async () => {
    const p = await player('(51) 99333-0006', { whatsapp: true });
    for (let i = 0; i < 5; i += 1) payout(p.id);
    await ctx.app.notifications.idle();
    ctx.app.events.emit('security-alert', { email: p.email, kind: 'new-device', at: new Date() });
    await ctx.app.notifications.idle();
    const rows = await messagesOf(p.id);
    const sent = rows.filter((r) => r.status === 'sent');
    const capped = rows.filter((r) => r.errorCode === 'DAILY_CAP');
    expect(sent.filter((r) => r.event === 'withdrawal.paid')).toHaveLength(3);
    expect(capped).toHaveLength(2);
    expect(capped[0]!.status).toBe('failed');
    expect(sent.filter((r) => r.event === 'security.alert')).toHaveLength(1);
    expect(wa.messages.filter((m) => m.to === '5551993330006')).toHaveLength(4);
    expect(
      wa.messages.find((m) => m.template === 'alerta_seguranca' && m.to === '5551993330006')!
        .params[0],
    ).toMatch(/^novo acesso à sua conta em /);
  });

  it('retries a provider 500 with backoff and delivers; a 4xx is not retried', async () => {
    const p = await player('(61) 99444-0007', { sms: true });
    twilio.failNext.push(500, 502);
    const before = twilio.requests;
    payout(p.id);
    await ctx.app.notifications.idle();
    const [row] = await messagesOf(p.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, error: null });
    expect(twilio.requests - before).toBe(3);

    // An account whose number the provider refuses (400): failed after one attempt.
    twilio.failNext.push(400);
    payout(p.id);
    await ctx.app.notifications.idle();
    const refused = (await messagesOf(p.id)).find((r) => r.id !== row!.id)!;
    expect(refused).toMatchObject({ status: 'failed', attempts: 1, errorCode: '21610' });
    expect(refused.error).toMatch(/^Twilio HTTP 400/);
  });

  it('sends nothing on a channel the administrator switched off', async () => {
    const p = await player('(71) 99555-0008', { sms: true, whatsapp: true });
    const off = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { ...jsonHeaders, cookie: adminCookie },
      payload: JSON.stringify({ whatsappNotifications: false }),
    });
    expect(off.statusCode, off.body).toBe(200);
    const waBefore = wa.requests;
    payout(p.id);
    await ctx.app.notifications.idle();
    expect(wa.requests).toBe(waBefore);
    expect((await messagesOf(p.id)).map((r) => r.channel)).toEqual(['sms']);
    const card = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/notifications',
      headers: { cookie: p.cookie },
    });
    expect(card.json().whatsapp).toMatchObject({ optedIn: true, enabledByPlatform: false });
  });

  it('lists the delivery log to the administrator only', async () => {
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/notifications/messages?channel=whatsapp&status=read',
      headers: { cookie: adminCookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().length).toBeGreaterThan(0);
    expect(list.json().every((m: { status: string }) => m.status === 'read')).toBe(true);
    const p = await player(null, {});
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/notifications/messages',
      headers: { cookie: p.cookie },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('channel state for the Config. tab', () => {
  it('says each channel is connected to its provider when credentials are set', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/notifications/channels',
      headers: { cookie: adminCookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { channel: 'sms', provider: 'twilio' },
      { channel: 'whatsapp', provider: 'whatsapp-cloud' },
    ]);
  });
});

describe('offline default', () => {
  it('keeps messages in the local outbox when no provider is configured', async () => {
    const offline = await createTestApp();
    try {
      const admin = await signIn(offline, await createUser(offline, { role: 'admin' }));
      const channels = await offline.app.inject({
        method: 'GET',
        url: '/api/admin/notifications/channels',
        headers: { cookie: admin },
      });
      expect(channels.json()).toEqual([
        { channel: 'sms', provider: 'outbox' },
        { channel: 'whatsapp', provider: 'outbox' },
      ]);
      await setSetting(offline.database.db, 'notifications.sms', true, null);
      const u = await createUser(offline);
      const cookie = await signIn(offline, u);
      const res = await offline.app.inject({
        method: 'PUT',
        url: '/api/profile/notifications',
        headers: { ...jsonHeaders, cookie },
        payload: JSON.stringify({ phone: '81 99666-0009', sms: true, whatsapp: true }),
      });
      expect(res.statusCode, res.body).toBe(200);
      offline.app.events.emit('draw', {
        kind: 'cancelled',
        salaId: '00000000-0000-4000-8000-000000000001',
        refundedUserIds: [u.id],
      });
      await offline.app.notifications.idle();
      const outbox = await offline.app.inject({ method: 'GET', url: '/api/dev/outbox-messages' });
      expect(outbox.statusCode).toBe(200);
      expect(
        outbox
          .json()
          .map((m: { channel: string; status: string; toPhone: string; body: string }) => [
            m.channel,
            m.status,
            m.toPhone,
            m.body.startsWith('Sorteio Certo: a sala foi cancelada'),
          ])
          .sort(),
      ).toEqual([
        ['sms', 'delivered', '+5581996660009', true],
        ['whatsapp', 'delivered', '+5581996660009', true],
      ]);
      const proxied = await offline.app.inject({
        method: 'GET',
        url: '/api/dev/outbox-messages',
        headers: { 'x-forwarded-for': '203.0.113.5' },
      });
      expect(proxied.statusCode).toBe(404);
      // Without credentials there is nothing to verify a provider's callback with.
      const hook = await offline.app.inject({ method: 'GET', url: '/api/webhooks/whatsapp' });
      expect(hook.statusCode).toBe(404);
    } finally {
      await offline.close();
    }
  });
});
