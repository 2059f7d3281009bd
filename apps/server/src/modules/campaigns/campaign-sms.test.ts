/**
 * SMS campaigns sent for real, against the fake Twilio server: the audience is the players who
 * accepted marketing AND opted into SMS (E.164 number of the notification preferences); the
 * notification runtime sends the due rows (retrying a 5xx with backoff), the signed status
 * callback marks them delivered, an opt-out between the run and the send stops the message,
 * quiet hours hold it, the administrator's SMS switch refuses the run, and the report counts it.
 */
import type { CampaignChannelSettings } from '@sorteio/shared';
import { integrationMessages } from '@sorteio/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { campaignSmsMessages, participacoes, user } from '../../db/schema';
import {
  type TestContext,
  callerWith,
  createTestApp,
  createUser,
  prataRooms,
  signIn,
  TEST_BASE_URL,
} from '../../test/helpers';
import { campaignSmsErrors } from '../notifications/campaign-sms';
import {
  type FakeTwilio,
  fakeTwilioEnv,
  signedTwilioForm,
  startFakeTwilio,
} from '../notifications/fake-providers';
import { setSetting } from '../settings/settings.service';
import { brasiliaDay, setMarketingConsent } from './campaigns.service';

const DAY = 86_400_000;
const HINT = ' Para não receber mais, responda SAIR.';
const day = (offset: number) => brasiliaDay(new Date(Date.now() + offset * DAY));
let ctx: TestContext;
let twilio: FakeTwilio;
let admin: string;
let salaId: string;
let ipN = 0;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  ctx = await createTestApp({
    env: {
      ...fakeTwilioEnv(twilio),
      NOTIFY_TIMEOUT_MS: '1000',
      NOTIFY_RETRY_BASE_SECONDS: '0.05',
    },
  });
  admin = await signIn(ctx, await createUser(ctx, { role: 'admin' }), '198.18.75.1');
  salaId = (await prataRooms(ctx, 1))[0]!;
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await twilio.close();
});
beforeEach(async () => {
  await setSetting(ctx.database.db, 'notifications.sms', true, null);
});

const db = () => ctx.database.db;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, cookie = admin) =>
  callerWith(ctx, () => cookie)(method, url, body);

const hhmm = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
const brasiliaMinuteNow = () => {
  const local = new Date(Date.now() - 3 * 3_600_000);
  return local.getUTCHours() * 60 + local.getUTCMinutes();
};

async function setChannels(patch: Partial<CampaignChannelSettings>) {
  const current = (await call('GET', '/api/admin/campaigns/channel-settings')).json();
  const res = await call('PUT', '/api/admin/campaigns/channel-settings', { ...current, ...patch });
  expect(res.statusCode).toBe(200);
}

/**
 * A player inactive for 10 days whose one entry cost `spent` centavos (each scenario its own
 * amount, so audiences never mix); `cellphone` with `sms` goes through the profile card.
 */
async function player(
  name: string,
  spent: number,
  opts: { cellphone?: string; sms?: boolean; marketing?: boolean; profilePhone?: string },
) {
  const u = await createUser(ctx, {
    profile: {
      nomeCompleto: name,
      ...(opts.profilePhone ? { telefone: opts.profilePhone } : {}),
    },
  });
  await db()
    .update(user)
    .set({ createdAt: new Date(Date.now() - 60 * DAY) })
    .where(eq(user.id, u.id));
  await db()
    .insert(participacoes)
    .values({
      userId: u.id,
      salaId,
      numeroSorte: String(100000 + Math.floor(Math.random() * 899999)),
      valorPago: spent,
      statusPagamento: 'confirmado',
      metodoPagamento: 'balance',
      createdAt: new Date(Date.now() - 10 * DAY),
    });
  const cookie = await signIn(ctx, u, `198.18.76.${(ipN += 1)}`);
  if (opts.cellphone) {
    const res = await call(
      'PUT',
      '/api/profile/notifications',
      { phone: opts.cellphone, sms: opts.sms ?? false },
      cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
  }
  if (opts.marketing) await setMarketingConsent(db(), u.id, true);
  return { ...u, cookie };
}

async function smsCampaign(spent: number, name: string) {
  const res = await call('POST', '/api/admin/campaigns', {
    campaign_type: 'sms',
    campaign_name: name,
    sms_text: 'Oi {{nome}}, tem sala nova!',
    target_criteria: {
      days_inactive: 7,
      min_participations: 1,
      last_win_days: 0,
      spending_range: { min: spent, max: spent },
    },
    start_date: day(0),
    end_date: day(7),
    budget_centavos: 1000,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

const rowsOf = (campaignId: string) =>
  db().select().from(campaignSmsMessages).where(eq(campaignSmsMessages.campaignId, campaignId));

const reportTotal = async (id: string) =>
  (await call('GET', `/api/admin/campaigns/${id}/report`)).json().total;

/** Outside the quiet hours: a window far from now. */
async function awakeHours() {
  const m = brasiliaMinuteNow();
  await setChannels({
    quiet_hours_start: hhmm(m + 300),
    quiet_hours_end: hhmm(m + 360),
    sms_cost_centavos: 10,
    frequency_cap_per_week: 5,
  });
}

describe('SMS campaign delivery', () => {
  it('sends to the SMS opted-in player only, retries a 5xx, and takes the signed delivery receipt', async () => {
    const spent = 7101;
    const ana = await player('Ana Celular', spent, {
      cellphone: '(11) 98111-0001',
      sms: true,
      marketing: true,
      profilePhone: 'fixo 11 4000-0000',
    });
    // Marketing yes, SMS no; SMS yes, marketing no; a profile phone but no SMS number.
    await player('Beto SemSms', spent, { cellphone: '(11) 98111-0002', marketing: true });
    await player('Cida SemMarketing', spent, { cellphone: '(11) 98111-0003', sms: true });
    await player('Davi SoPerfil', spent, { marketing: true, profilePhone: '11981110004' });
    expect(
      (
        await call('POST', '/api/admin/campaigns/audience', {
          days_inactive: 7,
          min_participations: 1,
          last_win_days: 0,
          spending_range: { min: spent, max: spent },
          channel: 'sms',
        })
      ).json(),
    ).toEqual({ matching: 3, withConsent: 1 });

    await awakeHours();
    const id = await smsCampaign(spent, 'Volta por SMS real');
    const before = twilio.messages.length;
    twilio.failNext = [503]; // the first attempt meets a provider outage
    const run = await call('POST', `/api/admin/campaigns/${id}/run`);
    expect(run.json()).toMatchObject({ queued: 1, deferred_until: null });
    await ctx.app.notifications.idle();

    const sent = twilio.messages.slice(before);
    expect(sent.map((m) => [m.To, m.Body])).toEqual([
      ['+5511981110001', `Oi Ana, tem sala nova!${HINT}`],
    ]);
    expect(sent[0]!.StatusCallback).toBe(`${TEST_BASE_URL}/api/webhooks/twilio/status`);
    let [row] = await rowsOf(id);
    expect(row).toMatchObject({
      userId: ana.id,
      phone: '+5511981110001',
      status: 'sent',
      attempts: 2,
      providerMessageId: sent[0]!.sid,
      error: null,
    });
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(row!.deliveredAt).toBeNull();
    expect(await reportTotal(id)).toMatchObject({ queued: 1, sent: 1, delivered: 0, failed: 0 });

    const url = `${TEST_BASE_URL}/api/webhooks/twilio/status`;
    const receipt = {
      MessageSid: sent[0]!.sid,
      MessageStatus: 'delivered',
      AccountSid: twilio.accountSid,
      To: '+5511981110001',
    };
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/twilio/status',
      ...signedTwilioForm('token-errado', url, receipt),
    });
    expect(forged.statusCode).toBe(403);
    expect((await rowsOf(id))[0]!.status).toBe('sent');
    const good = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/twilio/status',
      ...signedTwilioForm(twilio.authToken, url, receipt),
    });
    expect(good.statusCode).toBe(204);
    [row] = await rowsOf(id);
    expect(row!.status).toBe('delivered');
    expect(row!.deliveredAt).toBeInstanceOf(Date);
    // A late 'sent' report does not move it back.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/twilio/status',
      ...signedTwilioForm(twilio.authToken, url, { ...receipt, MessageStatus: 'sent' }),
    });
    expect((await rowsOf(id))[0]!.status).toBe('delivered');
    expect(await reportTotal(id)).toMatchObject({
      queued: 1,
      sent: 1,
      delivered: 1,
      failed: 0,
      cost_centavos: 10,
    });
  });

  it('holds the messages through the quiet hours and stops one whose player opted out meanwhile', async () => {
    const spent = 7202;
    const eva = await player('Eva Fica', spent, {
      cellphone: '(21) 98222-0001',
      sms: true,
      marketing: true,
    });
    const fred = await player('Fred Sai', spent, {
      cellphone: '(21) 98222-0002',
      sms: true,
      marketing: true,
    });
    const m = brasiliaMinuteNow();
    await setChannels({
      quiet_hours_start: hhmm(m - 60),
      quiet_hours_end: hhmm(m + 60),
      sms_cost_centavos: 10,
      frequency_cap_per_week: 5,
    });
    const id = await smsCampaign(spent, 'SMS de madrugada');
    const before = twilio.messages.length;
    const run = (await call('POST', `/api/admin/campaigns/${id}/run`)).json();
    expect(run.queued).toBe(2);
    expect(new Date(run.deferred_until as string).getTime()).toBeGreaterThan(Date.now());

    // The sweep passes during the quiet hours: nothing is due, nothing goes out.
    await ctx.app.notifications.sweep();
    await ctx.app.notifications.idle();
    expect(twilio.messages.length).toBe(before);
    expect((await rowsOf(id)).map((r) => r.status)).toEqual(['queued', 'queued']);

    // Fred answers SAIR to an earlier SMS before the quiet hours end.
    const inbound = `${TEST_BASE_URL}/api/webhooks/twilio/inbound`;
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/twilio/inbound',
      ...signedTwilioForm(twilio.authToken, inbound, {
        From: '+5521982220002',
        To: '+15005550006',
        Body: 'SAIR',
        MessageSid: 'SMin-campanha',
      }),
    });
    expect(reply.statusCode).toBe(200);

    // The quiet hours are over.
    await db()
      .update(campaignSmsMessages)
      .set({ notBefore: new Date(Date.now() - 1000) })
      .where(eq(campaignSmsMessages.campaignId, id));
    await ctx.app.notifications.sweep();
    await ctx.app.notifications.idle();

    expect(twilio.messages.slice(before).map((x) => x.To)).toEqual(['+5521982220001']);
    const rows = await rowsOf(id);
    const evaRow = rows.find((r) => r.userId === eva.id)!;
    const fredRow = rows.find((r) => r.userId === fred.id)!;
    expect(evaRow).toMatchObject({ status: 'sent', attempts: 1 });
    expect(fredRow).toMatchObject({
      status: 'failed',
      error: campaignSmsErrors.smsOptOut,
      providerMessageId: null,
      sentAt: null,
      costCentavos: 0,
    });
    expect(await reportTotal(id)).toMatchObject({
      queued: 2,
      sent: 1,
      delivered: 0,
      failed: 1,
      cost_centavos: 10,
    });
  });

  it('does not run an SMS campaign while the SMS switch is off, and holds queued rows while it is off', async () => {
    const spent = 7303;
    await player('Gabi Desligado', spent, {
      cellphone: '(31) 98333-0001',
      sms: true,
      marketing: true,
    });
    await awakeHours();
    const id = await smsCampaign(spent, 'SMS sem canal');
    await setSetting(db(), 'notifications.sms', false, null);
    const refused = await call('POST', `/api/admin/campaigns/${id}/run`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(integrationMessages.campaignSmsOff);
    expect(await rowsOf(id)).toEqual([]);

    // Queued while on (quiet hours), the switch turned off before they are due: they wait.
    const m = brasiliaMinuteNow();
    await setSetting(db(), 'notifications.sms', true, null);
    await setChannels({ quiet_hours_start: hhmm(m - 60), quiet_hours_end: hhmm(m + 60) });
    expect((await call('POST', `/api/admin/campaigns/${id}/run`)).json().queued).toBe(1);
    await setSetting(db(), 'notifications.sms', false, null);
    await db()
      .update(campaignSmsMessages)
      .set({ notBefore: new Date(Date.now() - 1000) })
      .where(eq(campaignSmsMessages.campaignId, id));
    const before = twilio.messages.length;
    await ctx.app.notifications.sweep();
    await ctx.app.notifications.idle();
    expect(twilio.messages.length).toBe(before);
    expect((await rowsOf(id)).map((r) => r.status)).toEqual(['queued']);
    // Back on: the next sweep sends it.
    await setSetting(db(), 'notifications.sms', true, null);
    await ctx.app.notifications.sweep();
    await ctx.app.notifications.idle();
    expect(twilio.messages.slice(before).map((x) => x.To)).toEqual(['+5531983330001']);
    expect((await rowsOf(id)).map((r) => r.status)).toEqual(['sent']);
  });
});
