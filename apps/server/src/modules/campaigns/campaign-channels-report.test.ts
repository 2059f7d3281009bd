/**
 * Remarketing by SMS and its numbers (spec 001 /remarketing): SMS campaigns within budget, weekly
 * cap and quiet hours, the e-mail report and stats with conversions, and the channel defaults
 * ('Configurar').
 */
import { type CampaignChannelSettings, defaultCampaignChannelSettings } from '@sorteio/shared';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaignSmsMessages, staffAuditLog } from '../../db/schema';
import { campaignReportColumns } from './campaigns.service';
import {
  day,
  ctx,
  manager,
  call,
  player,
  criteriaFor,
  paidEntry,
  auditOf,
  setChannels,
  hhmm,
  brasiliaMinuteNow,
  useCampaignChannelsContext,
} from './campaign-channels.fixture';

useCampaignChannelsContext();

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
