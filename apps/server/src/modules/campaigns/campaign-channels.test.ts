/**
 * Remarketing as the /remarketing screen describes it (spec 001): reactivation, e-mail and SMS
 * campaigns, budget and cost, start and end dates with the progress bar and the computed
 * 'Concluída', editing ('Editar'), the list filter ('Filtrar'), the per-campaign report and its
 * CSV ('Relatório'), and the channel defaults ('Configurar'): quiet hours, weekly cap, unit costs.
 */
import { defaultCampaignChannelSettings, integrationMessages } from '@sorteio/shared';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { remarketingCampaigns } from '../../db/schema';
import { campaignProgress, effectiveStatus, quietHoursEnd } from './campaigns.service';
import {
  day,
  ctx,
  manager,
  support,
  call,
  criteriaFor,
  campaignCount,
  auditOf,
  useCampaignChannelsContext,
} from './campaign-channels.fixture';

useCampaignChannelsContext();

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
