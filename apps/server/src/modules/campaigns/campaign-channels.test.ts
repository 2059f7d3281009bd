/**
 * Remarketing as the /remarketing screen describes it (spec 001): reactivation, e-mail and SMS
 * campaigns, budget and cost, start and end dates with the progress bar and the computed
 * 'Concluída', editing ('Editar'), the list filter ('Filtrar'), the per-campaign report and its
 * CSV ('Relatório'), and the channel defaults ('Configurar'): quiet hours, weekly cap, unit costs.
 */
import {
  type CampaignChannelSettings,
  defaultCampaignChannelSettings,
  integrationMessages,
} from '@sorteio/shared';
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  campaignSmsMessages,
  notificationPreferences,
  participacoes,
  remarketingCampaigns,
  staffAuditLog,
  user,
} from '../../db/schema';
import { createRoom } from '../rooms/rooms.service';
import { setSetting } from '../settings/settings.service';
import {
  brasiliaDay,
  campaignProgress,
  campaignReportColumns,
  effectiveStatus,
  quietHoursEnd,
  setMarketingConsent,
} from './campaigns.service';
import {
  type TestContext,
  createTestApp,
  createUser,
  jsonHeaders,
  signIn,
} from '../../test/helpers';

const DAY = 86_400_000;
const day = (offset: number) => brasiliaDay(new Date(Date.now() + offset * DAY));

describe('campaign periods and quiet hours (pure)', () => {
  const start = new Date('2030-01-01T03:00:00Z'); // 00:00 Brasília
  const end = new Date('2030-01-11T03:00:00Z'); // ten days later
  it('computes the progress as the elapsed fraction of the period, clamped to 0..100', () => {
    expect(campaignProgress(start, end, new Date('2029-12-25T00:00:00Z'))).toBe(0);
    expect(campaignProgress(start, end, start)).toBe(0);
    expect(campaignProgress(start, end, new Date('2030-01-06T03:00:00Z'))).toBe(50);
    expect(campaignProgress(start, end, new Date('2030-01-03T15:00:00Z'))).toBe(25);
    expect(campaignProgress(start, end, end)).toBe(100);
    expect(campaignProgress(start, end, new Date('2031-01-01T00:00:00Z'))).toBe(100);
  });
  it('is Concluída from the end onwards, whatever was stored', () => {
    const before = new Date(end.getTime() - 1);
    expect(effectiveStatus('active', end, before)).toBe('active');
    expect(effectiveStatus('paused', end, before)).toBe('paused');
    expect(effectiveStatus('active', end, end)).toBe('completed');
    expect(effectiveStatus('paused', end, end)).toBe('completed');
  });
  it('finds the end of quiet hours that cross midnight, in Brasília time', () => {
    const quiet = { quiet_hours_start: '21:00', quiet_hours_end: '08:00' };
    // 22:30 Brasília = 01:30 UTC the next day: quiet until 08:00 Brasília = 11:00 UTC.
    expect(quietHoursEnd(quiet, new Date('2030-03-11T01:30:00Z'))?.toISOString()).toBe(
      '2030-03-11T11:00:00.000Z',
    );
    // 02:00 Brasília: same morning, 08:00.
    expect(quietHoursEnd(quiet, new Date('2030-03-11T05:00:00Z'))?.toISOString()).toBe(
      '2030-03-11T11:00:00.000Z',
    );
    // 08:00 and 20:59 Brasília are outside.
    expect(quietHoursEnd(quiet, new Date('2030-03-11T11:00:00Z'))).toBeNull();
    expect(quietHoursEnd(quiet, new Date('2030-03-11T23:59:00Z'))).toBeNull();
    // A window inside one day, and no window at all.
    const noon = { quiet_hours_start: '12:00', quiet_hours_end: '14:00' };
    expect(quietHoursEnd(noon, new Date('2030-03-11T16:00:00Z'))?.toISOString()).toBe(
      '2030-03-11T17:00:00.000Z',
    );
    expect(
      quietHoursEnd(
        { quiet_hours_start: '00:00', quiet_hours_end: '00:00' },
        new Date('2030-03-11T16:00:00Z'),
      ),
    ).toBeNull();
  });
});

let ctx: TestContext;
let admin: string;
let manager: string;
let support: string;
const salaIds: string[] = [];
let phoneCounter = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signIn(ctx, await createUser(ctx, { role: 'admin' }), '198.18.74.1');
  manager = await signIn(ctx, await createUser(ctx, { role: 'manager' }), '198.18.74.2');
  support = await signIn(ctx, await createUser(ctx, { role: 'support' }), '198.18.74.3');
  for (let i = 0; i < 6; i += 1)
    salaIds.push(
      (
        await createRoom({
          db: ctx.database.db,
          input: {
            tipoSala: 'prata',
            valorEntradaCentavos: 1000,
            maxParticipantes: 10,
            taxaBp: 1000,
          },
        })
      ).id,
    );
});
afterAll(async () => ctx.close());
beforeEach(async () => {
  // SMS campaigns run only with the platform's SMS switch on (spec 001 default: off).
  await setSetting(ctx.database.db, 'notifications.sms', true, null);
});

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  cookie: string = admin,
) =>
  ctx.app.inject({
    method,
    url,
    headers:
      body === undefined
        ? { ...(cookie ? { cookie } : {}), origin: jsonHeaders.origin }
        : { ...jsonHeaders, ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

/**
 * A player whose one confirmed entry, 10 days ago, cost `spent` centavos: each scenario uses its
 * own amount and narrows the spending range to it, so the scenarios' audiences never mix.
 */
async function player(name: string, spent: number, opts: { phone?: boolean; consent?: boolean }) {
  const phone = opts.phone ? `119${String((phoneCounter += 1)).padStart(8, '0')}` : null;
  const u = await createUser(ctx, {
    profile: { nomeCompleto: name, ...(phone ? { telefone: phone } : {}) },
  });
  // The SMS number and opt-in of the notifications module (the profile phone alone is not enough).
  if (phone)
    await ctx.database.db
      .insert(notificationPreferences)
      .values({ userId: u.id, phone: `+55${phone}`, smsOptIn: true, smsChangedAt: new Date() });
  await ctx.database.db
    .update(user)
    .set({ createdAt: new Date(Date.now() - 60 * DAY) })
    .where(eq(user.id, u.id));
  await ctx.database.db.insert(participacoes).values({
    userId: u.id,
    salaId: salaIds[0]!,
    numeroSorte: String(100000 + Math.floor(Math.random() * 899999)),
    valorPago: spent,
    statusPagamento: 'confirmado',
    metodoPagamento: 'balance',
    createdAt: new Date(Date.now() - 10 * DAY),
  });
  if (opts.consent) await setMarketingConsent(ctx.database.db, u.id, true);
  return u;
}

const criteriaFor = (spent: number) => ({
  days_inactive: 7,
  min_participations: 1,
  last_win_days: 0,
  spending_range: { min: spent, max: spent },
});

/** A paid, confirmed entry of the player, now (a conversion when it follows a send). */
async function paidEntry(userId: string, sala: number) {
  await ctx.database.db.insert(participacoes).values({
    userId,
    salaId: salaIds[sala]!,
    numeroSorte: String(100000 + Math.floor(Math.random() * 899999)),
    valorPago: 1000,
    statusPagamento: 'confirmado',
    metodoPagamento: 'balance',
  });
}

const campaignCount = async () =>
  (await ctx.database.db.select({ n: count() }).from(remarketingCampaigns))[0]!.n;

async function auditOf(targetId: string) {
  return ctx.database.db
    .select()
    .from(staffAuditLog)
    .where(eq(staffAuditLog.targetId, targetId))
    .orderBy(staffAuditLog.createdAt);
}

async function setChannels(patch: Partial<CampaignChannelSettings>) {
  const current = (await call('GET', '/api/admin/campaigns/channel-settings')).json();
  const res = await call('PUT', '/api/admin/campaigns/channel-settings', { ...current, ...patch });
  expect(res.statusCode).toBe(200);
}

const hhmm = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
const brasiliaMinuteNow = () => {
  const local = new Date(Date.now() - 3 * 3_600_000);
  return local.getUTCHours() * 60 + local.getUTCMinutes();
};

describe('creating campaigns of the three kinds', () => {
  it('refuses bad input with a Portuguese message and creates nothing', async () => {
    const before = await campaignCount();
    const base = {
      campaign_name: 'Volte',
      email_template: 'Olá {{nome}}',
      start_date: day(0),
      end_date: day(10),
    };
    const cases: [unknown, string][] = [
      [{ ...base, campaign_name: '  ' }, integrationMessages.campaignRequired],
      [{ ...base, email_template: '' }, integrationMessages.campaignRequired],
      [
        { ...base, campaign_type: 'sms', email_template: undefined },
        integrationMessages.campaignRequired,
      ],
      [{ ...base, start_date: undefined }, integrationMessages.campaignRequired],
      [
        { ...base, end_date: day(-1) },
        'A data de término deve ser igual ou posterior à data de início.',
      ],
      [{ ...base, start_date: '2030-02-30' }, 'Data inválida (use dd/mm/aaaa).'],
      [{ ...base, budget_centavos: -1 }, 'O orçamento não pode ser negativo.'],
      [{ ...base, budget_centavos: 10.5 }, 'Orçamento inválido.'],
      [{ ...base, campaign_type: 'whatsapp' }, 'Tipo de campanha inválido.'],
      [
        { ...base, target_criteria: { ...criteriaFor(1), days_inactive: 0 } },
        'Uma campanha de reativação precisa de pelo menos 1 dia de inatividade.',
      ],
      [
        { ...base, campaign_type: 'sms', sms_text: 'x'.repeat(307) },
        'A mensagem SMS pode ter até 306 caracteres.',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/api/admin/campaigns', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(await campaignCount()).toBe(before);
  });

  it('creates reactivation, e-mail and SMS campaigns with budget, dates and progress', async () => {
    const common = { start_date: day(-10), end_date: day(9), budget_centavos: 12_345 };
    const reactivation = await call('POST', '/api/admin/campaigns', {
      ...common,
      campaign_name: 'Reativar inativos',
      email_template: 'Olá {{nome}}, faz {{dias_inativo}} dias!',
    });
    expect(reactivation.statusCode).toBe(200);
    const email = await call('POST', '/api/admin/campaigns', {
      ...common,
      campaign_type: 'email',
      campaign_name: 'Novidades',
      email_template: 'Novas salas, {{nome}}!',
      target_criteria: { ...criteriaFor(0), days_inactive: 0 },
    });
    expect(email.statusCode).toBe(200);
    const sms = await call('POST', '/api/admin/campaigns', {
      ...common,
      campaign_type: 'sms',
      campaign_name: 'SMS de volta',
      sms_text: '{{nome}}, voce ja ganhou {{total_ganho}}. Volte!',
    });
    expect(sms.statusCode).toBe(200);
    expect(reactivation.json()).toMatchObject({
      campaign_type: 'reactivation',
      channel: 'email',
      status: 'active',
      budget_centavos: 12_345,
      cost_centavos: 0,
      start_date: common.start_date,
      end_date: common.end_date,
    });
    expect(email.json()).toMatchObject({ campaign_type: 'email', channel: 'email' });
    expect(sms.json()).toMatchObject({ campaign_type: 'sms', channel: 'sms', email_template: '' });
    // Ten whole days of a twenty-day period have passed, plus part of today: 50 % to 54 %.
    for (const c of [reactivation, email, sms]) {
      expect(c.json().progress).toBeGreaterThanOrEqual(50);
      expect(c.json().progress).toBeLessThan(55);
    }
    const audit = await auditOf(sms.json().id);
    expect(audit.map((a) => a.action)).toEqual(['campaign.create']);
    expect(audit[0]!.after).toMatchObject({ campaign_type: 'sms', budget_centavos: 12_345 });
  });
});

describe('Concluída, the toggle, editing and the filter', () => {
  it('shows a campaign whose end date passed as Concluída; it neither toggles nor runs until edited', async () => {
    const created = await call('POST', '/api/admin/campaigns', {
      campaign_name: 'Campanha de janeiro',
      email_template: 'Olá {{nome}}',
      start_date: day(-30),
      end_date: day(-1),
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().id as string;
    expect(created.json()).toMatchObject({ status: 'completed', progress: 100 });

    const toggled = await call('POST', `/api/admin/campaigns/${id}/status`);
    expect(toggled.statusCode).toBe(409);
    expect(toggled.json().error.message).toBe(
      'Campanha concluída: altere a data de término para reativá-la.',
    );
    const run = await call('POST', `/api/admin/campaigns/${id}/run`);
    expect(run.statusCode).toBe(409);
    expect(run.json().error.message).toBe('Campanha concluída: a data de término já passou.');

    const completed = (await call('GET', '/api/admin/campaigns?status=completed')).json().items;
    expect(completed.map((c: { id: string }) => c.id)).toContain(id);
    expect(completed.every((c: { status: string }) => c.status === 'completed')).toBe(true);
    const active = (await call('GET', '/api/admin/campaigns?status=active')).json().items;
    expect(active.map((c: { id: string }) => c.id)).not.toContain(id);

    // 'Editar': a later end date brings it back as Ativa, with a fresh progress.
    const edited = await call('PUT', `/api/admin/campaigns/${id}`, { end_date: day(30) });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().status).toBe('active');
    expect(edited.json().progress).toBeGreaterThan(0);
    expect(edited.json().progress).toBeLessThan(100);
  });

  it('edits a campaign with validation and an audit row of what changed', async () => {
    const created = await call('POST', '/api/admin/campaigns', {
      campaign_type: 'sms',
      campaign_name: 'SMS antigo',
      sms_text: 'Oi {{nome}}',
      start_date: day(0),
      end_date: day(5),
      budget_centavos: 1000,
    });
    const id = created.json().id as string;
    const bad: [unknown, number, string][] = [
      [
        { end_date: day(-3) },
        400,
        'A data de término deve ser igual ou posterior à data de início.',
      ],
      [{ sms_text: '' }, 400, integrationMessages.campaignRequired],
      [{ campaign_name: '' }, 400, integrationMessages.campaignRequired],
      [{ budget_centavos: -5 }, 400, 'O orçamento não pode ser negativo.'],
      [{}, 400, 'Nada para alterar.'],
    ];
    for (const [body, status, message] of bad) {
      const res = await call('PUT', `/api/admin/campaigns/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error.message).toBe(message);
    }
    const missing = await call('PUT', `/api/admin/campaigns/${randomUUID()}`, {
      campaign_name: 'x',
    });
    expect(missing.statusCode).toBe(404);
    // Nothing changed and nothing was audited by the refusals.
    const [row] = await ctx.database.db
      .select()
      .from(remarketingCampaigns)
      .where(eq(remarketingCampaigns.id, id));
    expect(row).toMatchObject({
      campaignName: 'SMS antigo',
      smsText: 'Oi {{nome}}',
      budgetCentavos: 1000,
    });
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['campaign.create']);

    const ok = await call('PUT', `/api/admin/campaigns/${id}`, {
      campaign_name: 'SMS de março',
      budget_centavos: 2500,
      end_date: day(20),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      campaign_name: 'SMS de março',
      budget_centavos: 2500,
      end_date: day(20),
      campaign_type: 'sms',
    });
    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(['campaign.create', 'campaign.update']);
    expect(audit[1]!.before).toEqual({
      campaign_name: 'SMS antigo',
      budget_centavos: 1000,
      end_date: day(5),
    });
    expect(audit[1]!.after).toEqual({
      campaign_name: 'SMS de março',
      budget_centavos: 2500,
      end_date: day(20),
    });
    // The type is not editable: it is not part of the edit contract.
    const typeChange = await call('PUT', `/api/admin/campaigns/${id}`, {
      campaign_type: 'email',
      campaign_name: 'SMS de março',
    });
    expect(typeChange.statusCode).toBe(200);
    expect(typeChange.json().campaign_type).toBe('sms');
  });

  it('filters the list by status and channel, and refuses an unknown filter in Portuguese', async () => {
    const all = (await call('GET', '/api/admin/campaigns')).json().items as {
      id: string;
      channel: string;
      status: string;
    }[];
    const sms = (await call('GET', '/api/admin/campaigns?channel=sms')).json().items as typeof all;
    expect(sms.length).toBeGreaterThan(0);
    expect(sms.every((c) => c.channel === 'sms')).toBe(true);
    expect(sms.length).toBe(all.filter((c) => c.channel === 'sms').length);
    const activeEmail = (
      await call('GET', '/api/admin/campaigns?channel=email&status=active')
    ).json().items as typeof all;
    expect(activeEmail.length).toBe(
      all.filter((c) => c.channel === 'email' && c.status === 'active').length,
    );
    expect(activeEmail.length).toBeGreaterThan(0);
    const bad = await call('GET', '/api/admin/campaigns?status=rascunho');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Status inválido.');
    const badChannel = await call('GET', '/api/admin/campaigns?channel=fax');
    expect(badChannel.json().error.message).toBe('Canal inválido.');
  });
});

describe('SMS campaigns', () => {
  it('reaches players with a phone, queues a message per consenting recipient, and reports what the SMS sender records', async () => {
    const spent = 4321;
    const ana = await player('Ana Telefone', spent, { phone: true, consent: true });
    const bia = await player('Bia Telefone', spent, { phone: true, consent: true });
    await player('Caio SemAceite', spent, { phone: true, consent: false });
    await player('Duda SemTelefone', spent, { phone: false, consent: true });
    const criteria = criteriaFor(spent);
    expect(
      (await call('POST', '/api/admin/campaigns/audience', { ...criteria, channel: 'sms' })).json(),
    ).toEqual({ matching: 3, withConsent: 2 });
    expect((await call('POST', '/api/admin/campaigns/audience', criteria)).json()).toEqual({
      matching: 4,
      withConsent: 3,
    });

    // Outside quiet hours (a window far from now), a unit cost of R$ 0,10.
    const m = brasiliaMinuteNow();
    await setChannels({
      quiet_hours_start: hhmm(m + 300),
      quiet_hours_end: hhmm(m + 360),
      sms_cost_centavos: 10,
      sms_sender_name: 'SorteioSMS',
      frequency_cap_per_week: 5,
    });
    const created = await call('POST', '/api/admin/campaigns', {
      campaign_type: 'sms',
      campaign_name: 'Volta por SMS',
      sms_text: '{{nome}}, faz {{dias_inativo}} dias! {{participacoes}} participacoes.',
      target_criteria: criteria,
      start_date: day(0),
      end_date: day(7),
      budget_centavos: 100,
    });
    const id = created.json().id as string;
    ctx.mailer.sent.length = 0;
    const run = await call('POST', `/api/admin/campaigns/${id}/run`);
    expect(run.statusCode).toBe(200);
    expect(run.json()).toEqual({
      queued: 2,
      skipped_budget: 0,
      skipped_frequency: 0,
      deferred_until: null,
    });
    expect(ctx.mailer.sent).toHaveLength(0); // no e-mail for an SMS campaign
    // No SMS provider configured here: the offline outbox takes them (delivered at once).
    await ctx.app.notifications.idle();
    const rows = await ctx.database.db
      .select()
      .from(campaignSmsMessages)
      .where(eq(campaignSmsMessages.campaignId, id))
      .orderBy(campaignSmsMessages.phone);
    expect(rows.map((r) => r.userId).sort()).toEqual([ana.id, bia.id].sort());
    expect(rows.every((r) => r.status === 'delivered' && r.senderName === 'SorteioSMS')).toBe(true);
    expect(rows.every((r) => r.costCentavos === 10 && /^\+55119\d{8}$/.test(r.phone))).toBe(true);
    const anaRow = rows.find((r) => r.userId === ana.id)!;
    expect(anaRow.body).toMatch(
      /^Ana, faz 1[01] dias! 1 participacoes\. Para não receber mais, responda SAIR\.$/,
    );
    // Running again queues nobody twice.
    expect((await call('POST', `/api/admin/campaigns/${id}/run`)).json().queued).toBe(0);

    let listed = (await call('GET', '/api/admin/campaigns?channel=sms'))
      .json()
      .items.find((c: { id: string }) => c.id === id);
    expect(listed).toMatchObject({ queued_count: 2, sent_count: 2, cost_centavos: 20 });

    // Bia's carrier then reports a failure; Ana joins a paid room.
    await ctx.database.db
      .update(campaignSmsMessages)
      .set({ status: 'failed', error: 'número inexistente' })
      .where(and(eq(campaignSmsMessages.campaignId, id), eq(campaignSmsMessages.userId, bia.id)));
    await paidEntry(ana.id, 1);
    await paidEntry(bia.id, 1); // her message failed: not the campaign's conversion

    const report = await call('GET', `/api/admin/campaigns/${id}/report`);
    expect(report.statusCode).toBe(200);
    expect(report.json().total).toEqual({
      day: null,
      queued: 2,
      sent: 1,
      delivered: 1,
      failed: 1,
      opened: null,
      clicked: null,
      conversions: 1,
      cost_centavos: 20,
    });
    expect(report.json().days).toHaveLength(1);
    listed = (await call('GET', '/api/admin/campaigns?channel=sms'))
      .json()
      .items.find((c: { id: string }) => c.id === id);
    expect(listed).toMatchObject({ sent_count: 1, conversion_count: 1 });

    const csv = await call('GET', `/api/admin/campaigns/${id}/report.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(campaignReportColumns.join(';'));
    expect(lines.at(-1)).toBe(
      'Volta por SMS;SMS;Ativa;Total;2;1;1;1;não disponível;não disponível;1;100,0;0,20;1,00',
    );
    expect((await auditOf(id)).map((a) => a.action)).toContain('campaign.export');
  });

  it('keeps to the budget, the weekly cap and the quiet hours', async () => {
    const spent = 5432;
    const players = [
      await player('Eva Um', spent, { phone: true, consent: true }),
      await player('Fabi Dois', spent, { phone: true, consent: true }),
      await player('Gil Tres', spent, { phone: true, consent: true }),
    ];
    const m = brasiliaMinuteNow();
    // Now is inside the quiet hours, which end in an hour.
    const quietEnd = hhmm(m + 60);
    await setChannels({
      quiet_hours_start: hhmm(m - 60),
      quiet_hours_end: quietEnd,
      sms_cost_centavos: 10,
      frequency_cap_per_week: 1,
    });
    const make = async (name: string, budget: number) =>
      (
        await call('POST', '/api/admin/campaigns', {
          campaign_type: 'sms',
          campaign_name: name,
          sms_text: 'Oi {{nome}}',
          target_criteria: criteriaFor(spent),
          start_date: day(0),
          end_date: day(3),
          budget_centavos: budget,
        })
      ).json().id as string;

    // R$ 0,25 at R$ 0,10 a message: two of the three, the highest propensity first.
    const first = await make('Orçamento curto', 25);
    const run = (await call('POST', `/api/admin/campaigns/${first}/run`)).json();
    expect(run).toMatchObject({ queued: 2, skipped_budget: 1, skipped_frequency: 0 });
    const deferred = new Date(run.deferred_until as string);
    expect(deferred.getTime()).toBeGreaterThan(Date.now());
    expect(deferred.getTime()).toBeLessThanOrEqual(Date.now() + 61 * 60_000);
    expect(hhmm(Math.floor((deferred.getTime() - 3 * 3_600_000) / 60_000))).toBe(quietEnd);
    const queued = await ctx.database.db
      .select()
      .from(campaignSmsMessages)
      .where(eq(campaignSmsMessages.campaignId, first));
    expect(queued.every((r) => r.notBefore.getTime() === deferred.getTime())).toBe(true);

    // A second campaign the same week: the two who got one are at the cap; the third gets it.
    const second = await make('Segunda da semana', 1000);
    const again = (await call('POST', `/api/admin/campaigns/${second}/run`)).json();
    expect(again).toMatchObject({ queued: 1, skipped_frequency: 2, skipped_budget: 0 });
    const [third] = await ctx.database.db
      .select({ userId: campaignSmsMessages.userId })
      .from(campaignSmsMessages)
      .where(eq(campaignSmsMessages.campaignId, second));
    expect(players.map((p) => p.id)).toContain(third!.userId);
    expect(queued.map((r) => r.userId)).not.toContain(third!.userId);
  });
});

describe('e-mail campaign report and stats', () => {
  it('counts reach, conversions within 7 days after the send, opens and clicks, and the investment', async () => {
    const statsBefore = (await call('GET', '/api/admin/campaigns/stats')).json();
    const spent = 6543;
    const hana = await player('Hana Email', spent, { consent: true });
    const igor = await player('Igor Email', spent, { consent: true });
    await setChannels({
      email_cost_centavos: 3,
      email_sender_name: 'Equipe Sorteio',
      frequency_cap_per_week: 10,
    });
    const created = await call('POST', '/api/admin/campaigns', {
      campaign_type: 'email',
      campaign_name: 'Newsletter',
      email_subject: 'Oi {{nome}}',
      email_template: 'Temos salas novas, {{nome}}.',
      target_criteria: criteriaFor(spent),
      start_date: day(0),
      end_date: day(3),
      budget_centavos: 5000,
    });
    const id = created.json().id as string;
    ctx.mailer.sent.length = 0;
    expect((await call('POST', `/api/admin/campaigns/${id}/run`)).json().queued).toBe(2);
    expect(ctx.mailer.sent).toHaveLength(2);
    expect(ctx.mailer.sent[0]!.from).toMatch(/^"Equipe Sorteio" <[^<>]+@[^<>]+>$/);
    const hanaMail = ctx.mailer.sent.find((m) => m.to === hana.email)!;
    const base = ctx.config.baseUrl;
    const pixel = /src="([^"]+\.gif)"/.exec(hanaMail.html)![1]!.replace(base, '');
    await ctx.app.inject({ method: 'GET', url: pixel });
    await paidEntry(hana.id, 2);

    const report = (await call('GET', `/api/admin/campaigns/${id}/report`)).json();
    expect(report.conversion_window_days).toBe(7);
    expect(report.total).toEqual({
      day: null,
      queued: 2,
      sent: 2,
      delivered: null,
      failed: null,
      opened: 1,
      clicked: 0,
      conversions: 1,
      cost_centavos: 6,
    });
    const csv = (await call('GET', `/api/admin/campaigns/${id}/report.csv`)).body;
    expect(csv.trim().split('\r\n').at(-1)).toBe(
      'Newsletter;E-mail;Ativa;Total;2;2;não disponível;não disponível;1;0;1;50,0;0,06;50,00',
    );

    const stats = (await call('GET', '/api/admin/campaigns/stats')).json();
    expect(stats.reach - statsBefore.reach).toBe(2);
    expect(stats.investmentCentavos - statsBefore.investmentCentavos).toBe(6);
    expect(stats.budgetCentavos - statsBefore.budgetCentavos).toBe(5000);
    expect(stats.conversions - statsBefore.conversions).toBe(1);
    // Converted players ÷ reached players, over every campaign.
    expect(stats.conversionRate).toBeGreaterThan(0);
    expect(stats.conversionRate).toBeLessThanOrEqual(100);
    expect(igor.id).toBeTruthy();
  });
});

describe('channel defaults (Configurar)', () => {
  it('validates, stores and audits the channel defaults', async () => {
    const get = await call('GET', '/api/admin/campaigns/channel-settings');
    expect(get.statusCode).toBe(200);
    const current = get.json<CampaignChannelSettings>();
    expect(Object.keys(current).sort()).toEqual(Object.keys(defaultCampaignChannelSettings).sort());
    const bad: [Partial<CampaignChannelSettings>, string][] = [
      [{ quiet_hours_start: '25:00' }, 'Horário inválido (use hh:mm, 00:00 a 23:59).'],
      [{ frequency_cap_per_week: 0 }, 'O limite semanal deve ser de 1 a 50 mensagens por jogador.'],
      [
        { sms_sender_name: 'Sorteio Certo' },
        'O remetente do SMS deve ter até 11 letras ou números, sem espaços.',
      ],
      [
        { sms_sender_number: '12' },
        'Número do remetente inválido: use um código curto (5 ou 6 dígitos) ou DDD + número.',
      ],
      [
        { email_sender_name: 'Eu" <x@y>' },
        'O nome do remetente não pode conter aspas, < > ou quebras de linha.',
      ],
      [{ sms_cost_centavos: 5000 }, 'O custo por mensagem deve ser de R$ 0,00 a R$ 10,00.'],
    ];
    const auditBefore = (
      await ctx.database.db
        .select({ n: count() })
        .from(staffAuditLog)
        .where(eq(staffAuditLog.action, 'campaign.settings'))
    )[0]!.n;
    for (const [patch, message] of bad) {
      const res = await call('PUT', '/api/admin/campaigns/channel-settings', {
        ...current,
        ...patch,
      });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await call('GET', '/api/admin/campaigns/channel-settings')).json()).toEqual(current);

    const next = {
      ...current,
      quiet_hours_start: '22:00',
      quiet_hours_end: '07:30',
      sms_sender_number: '29123',
    };
    const saved = await call('PUT', '/api/admin/campaigns/channel-settings', next, manager);
    expect(saved.statusCode).toBe(200);
    expect((await call('GET', '/api/admin/campaigns/channel-settings')).json()).toEqual(next);
    const audits = await ctx.database.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, 'campaign.settings'))
      .orderBy(staffAuditLog.createdAt);
    expect(audits).toHaveLength(auditBefore + 1);
    expect(audits.at(-1)!.actorRole).toBe('manager');
    expect(audits.at(-1)!.after).toEqual({
      quiet_hours_start: '22:00',
      quiet_hours_end: '07:30',
      sms_sender_number: '29123',
    });
  });
});

describe('who may use the new campaign routes', () => {
  it('refuses a signed-out caller and a role without campaigns.manage, changing nothing', async () => {
    const [row] = await ctx.database.db.select().from(remarketingCampaigns).limit(1);
    const id = row!.id;
    const attempts: ['GET' | 'PUT', string, unknown][] = [
      ['PUT', `/api/admin/campaigns/${id}`, { campaign_name: 'Invasão' }],
      ['GET', `/api/admin/campaigns/${id}/report`, undefined],
      ['GET', `/api/admin/campaigns/${id}/report.csv`, undefined],
      ['GET', '/api/admin/campaigns/channel-settings', undefined],
      ['PUT', '/api/admin/campaigns/channel-settings', defaultCampaignChannelSettings],
      ['GET', '/api/admin/campaigns?status=active', undefined],
    ];
    for (const [method, url, body] of attempts) {
      expect((await call(method, url, body, support)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, body, '')).statusCode, `${method} ${url}`).toBe(401);
    }
    const [after] = await ctx.database.db
      .select()
      .from(remarketingCampaigns)
      .where(eq(remarketingCampaigns.id, id));
    expect(after!.campaignName).toBe(row!.campaignName);
    expect(
      (await call('GET', `/api/admin/campaigns/${id}/report`, undefined, manager)).statusCode,
    ).toBe(200);
  });
});
