/**
 * Remarketing: the audience computed in SQL in a seeded scenario, consent (LGPD) and the
 * unsubscribe link without signing in, the status toggle rules, the mail with the template
 * variables, and open / click / conversion counted for real. Also measures the send rate to
 * 1,000 players through the mail queue.
 */
import { integrationMessages } from '@sorteio/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { participacoes, responsiblePlay, staffAuditLog, user } from '../../db/schema';
import { createJobQueue, queueMail } from '../../jobs/queue';
import type { MailMessage, Mailer } from '../mail/mail.service';
import { actorOf } from '../audit/audit.service';
import { brasiliaDay, createCampaign, runCampaign, setMarketingConsent } from './campaigns.service';
import {
  callerWith,
  createUser,
  jsonHeaders,
  prataRooms,
  signIn,
  useTestApp,
} from '../../test/helpers';

let admin: string;
const salaIds: string[] = [];
const DAY = 86_400_000;
const period = {
  start_date: brasiliaDay(new Date(Date.now() - DAY)),
  end_date: brasiliaDay(new Date(Date.now() + 30 * DAY)),
};

const ctx = useTestApp();
beforeAll(async () => {
  admin = await signIn(ctx, await createUser(ctx, { role: 'admin' }), '198.18.73.1');
  salaIds.push(...(await prataRooms(ctx, 4)));
});

const call = callerWith(ctx, () => admin);

/** A player with `entries` confirmed entries, the last one `daysAgo` days ago. */
async function player(name: string, entries: number, daysAgo: number, consent: boolean | null) {
  const u = await createUser(ctx, { profile: { nomeCompleto: name } });
  await ctx.database.db
    .update(user)
    .set({ createdAt: new Date(Date.now() - 60 * DAY) })
    .where(eq(user.id, u.id));
  for (let i = 0; i < entries; i += 1)
    await ctx.database.db.insert(participacoes).values({
      userId: u.id,
      salaId: salaIds[i]!,
      numeroSorte: String(100000 + Math.floor(Math.random() * 899999)),
      valorPago: 1000,
      statusPagamento: 'confirmado',
      metodoPagamento: 'balance',
      createdAt: new Date(Date.now() - (daysAgo + i) * DAY),
    });
  if (consent !== null) await setMarketingConsent(ctx.database.db, u.id, consent);
  return u;
}

describe('remarketing campaigns', () => {
  it('counts the audience in SQL, sends to consenting players, and counts opens, clicks and conversions', async () => {
    const ana = await player('Ana Souza', 2, 10, true);
    await player('Bruno Lima', 3, 12, false); // matches, but no consent
    await player('Carla Dias', 1, 1, true); // active yesterday: not inactive for 7 days
    await player('Davi Melo', 0, 0, true); // no entries: below min_participations
    await player('Eva Rocha', 4, 20, null); // matches, consent never given
    // Spec defaults: 7 days inactive, min 1 entry, last win 30 days, spending R$ 0 to R$ 1.000.
    const criteria = {
      days_inactive: 7,
      min_participations: 1,
      last_win_days: 30,
      spending_range: { min: 0, max: 100_000 },
    };
    const audience = await call('POST', '/api/admin/campaigns/audience', criteria);
    expect(audience.json()).toEqual({ matching: 3, withConsent: 1 });
    const narrow = await call('POST', '/api/admin/campaigns/audience', {
      ...criteria,
      spending_range: { min: 0, max: 2500 },
    });
    expect(narrow.json()).toEqual({ matching: 1, withConsent: 1 });

    const missing = await call('POST', '/api/admin/campaigns', {
      campaign_name: 'Volte',
      email_template: '',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain(integrationMessages.campaignRequired);

    const template =
      'Olá {{nome}}! Você já participou {{participacoes}} vezes e ganhou {{total_ganho}}.\n\nFaz {{dias_inativo}} dias que não te vemos.';
    const preview = await call('POST', '/api/admin/campaigns/preview', {
      email_template: template,
      target_criteria: criteria,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().player).toBeTruthy();
    expect(preview.json().html).toMatch(/Olá (Ana|Bruno|Eva)!/);

    const created = await call('POST', '/api/admin/campaigns', {
      ...period,
      campaign_name: 'Volte a jogar',
      email_subject: 'Sentimos sua falta, {{nome}}',
      email_template: template,
      target_criteria: criteria,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ status: 'active', sent_count: 0 });
    const id = created.json().id as string;

    ctx.mailer.sent.length = 0;
    const run = await call('POST', `/api/admin/campaigns/${id}/run`);
    expect(run.json()).toMatchObject({ queued: 1 });
    expect(ctx.mailer.sent).toHaveLength(1);
    const mail = ctx.mailer.sent[0]!;
    expect(mail.to).toBe(ana.email);
    expect(mail.subject).toBe('Sentimos sua falta, Ana');
    expect(mail.text).toContain('Olá Ana! Você já participou 2 vezes e ganhou R$');
    expect(mail.text).toMatch(/Faz 1[01] dias que não te vemos/);
    // Running again sends nothing twice.
    expect((await call('POST', `/api/admin/campaigns/${id}/run`)).json()).toMatchObject({
      queued: 0,
    });

    // Pause: a paused campaign does not run; the toggle brings it back (spec toggle rules).
    expect((await call('POST', `/api/admin/campaigns/${id}/status`)).json().status).toBe('paused');
    const refused = await call('POST', `/api/admin/campaigns/${id}/run`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(integrationMessages.campaignNotActive);
    expect((await call('POST', `/api/admin/campaigns/${id}/status`)).json().status).toBe('active');

    // Open pixel, click redirect, and a confirmed entry after the click (conversion).
    const base = ctx.config.baseUrl;
    const pixel = /src="([^"]+\.gif)"/.exec(mail.html)![1]!.replace(base, '');
    const click = /Ver salas abertas: (\S+)/.exec(mail.text)![1]!.replace(base, '');
    const unsubscribeUrl = /Cancelar inscrição: (\S+)/.exec(mail.text)![1]!.replace(base, '');
    const opened = await ctx.app.inject({ method: 'GET', url: pixel });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('image/gif');
    const clicked = await ctx.app.inject({ method: 'GET', url: click });
    expect(clicked.statusCode).toBe(302);
    expect(clicked.headers.location).toBe(`${base}/dashboard`);
    let list = (await call('GET', '/api/admin/campaigns')).json().items[0];
    expect(list).toMatchObject({
      sent_count: 1,
      opened_count: 1,
      clicked_count: 1,
      conversion_count: 0,
      success_rate: 100,
    });
    await ctx.database.db.insert(participacoes).values({
      userId: ana.id,
      salaId: salaIds[3]!,
      numeroSorte: '777777',
      valorPago: 1000,
      statusPagamento: 'confirmado',
      metodoPagamento: 'balance',
    });
    list = (await call('GET', '/api/admin/campaigns')).json().items[0];
    expect(list.conversion_count).toBe(1);
    const stats = (await call('GET', '/api/admin/campaigns/stats')).json();
    expect(stats).toMatchObject({
      campaigns: 1,
      active: 1,
      sent: 1,
      opened: 1,
      clicked: 1,
      conversions: 1,
    });
    expect(stats.averagePropensity).toBeGreaterThan(0);

    // Unsubscribe without signing in.
    const page = await ctx.app.inject({ method: 'GET', url: unsubscribeUrl });
    expect(page.statusCode).toBe(200);
    const done = await ctx.app.inject({ method: 'POST', url: unsubscribeUrl });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(integrationMessages.unsubscribed);
    const again = await call('POST', '/api/admin/campaigns/audience', criteria);
    expect(again.json()).toEqual({ matching: 2, withConsent: 0 });

    const audit = await ctx.database.db
      .select({ action: staffAuditLog.action })
      .from(staffAuditLog)
      .where(eq(staffAuditLog.targetType, 'campaign'));
    expect(audit.map((a) => a.action).sort()).toEqual(
      [
        'campaign.create',
        'campaign.run',
        'campaign.run',
        'campaign.status',
        'campaign.status',
      ].sort(),
    );
  });

  it('leaves self-excluded players out of every audience while the exclusion lasts', async () => {
    const criteria = {
      days_inactive: 7,
      min_participations: 1,
      last_win_days: 0,
      spending_range: { min: 0, max: 100_000 },
    };
    const count = async () =>
      (await call('POST', '/api/admin/campaigns/audience', criteria)).json<{
        matching: number;
        withConsent: number;
      }>();
    const gabi = await player('Gabi Nunes', 1, 15, true);
    const before = await count();
    await ctx.database.db.insert(responsiblePlay).values({
      userId: gabi.id,
      selfExcludedAt: new Date(),
      selfExcludedUntil: new Date(Date.now() + 30 * DAY),
    });
    expect(await count()).toEqual({
      matching: before.matching - 1,
      withConsent: before.withConsent - 1,
    });
    // An exclusion that has ended no longer keeps the player out.
    await ctx.database.db
      .update(responsiblePlay)
      .set({ selfExcludedUntil: new Date(Date.now() - DAY) })
      .where(eq(responsiblePlay.userId, gabi.id));
    expect(await count()).toEqual(before);
  });

  it('lets a player accept or refuse marketing e-mails', async () => {
    const u = await createUser(ctx);
    const cookie = await signIn(ctx, u, '198.18.73.20');
    const get = () =>
      ctx.app.inject({ method: 'GET', url: '/api/profile/marketing-consent', headers: { cookie } });
    expect((await get()).json()).toEqual({ accepted: false });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/marketing-consent',
      headers: { ...jsonHeaders, cookie },
      payload: { accepted: true },
    });
    expect(put.statusCode).toBe(200);
    expect((await get()).json()).toEqual({ accepted: true });
  });

  it('sends a campaign to 1,000 players through the mail queue (rate measured)', async () => {
    const n = 1000;
    const createdAt = new Date(Date.now() - 60 * DAY);
    await ctx.database.db.execute(sql`
      insert into "user" (id, name, email, email_verified, role, created_at, updated_at)
      select 'bulk-' || g, 'Bulk ' || g, 'bulk' || g || '@teste.com.br', true, 'user', ${createdAt}, now()
      from generate_series(1, ${n}) g`);
    await ctx.database.db.execute(sql`
      insert into profiles (id, nome_completo) select 'bulk-' || g, 'Jogador ' || g from generate_series(1, ${n}) g`);
    await ctx.database.db.execute(sql`
      insert into participacoes (user_id, sala_id, numero_sorte, valor_pago, status_pagamento, metodo_pagamento, created_at)
      select 'bulk-' || g, ${salaIds[0]!}::uuid, 'B' || g, 500, 'confirmado', 'balance', now() - interval '9 days'
      from generate_series(1, ${n}) g`);
    await ctx.database.db.execute(sql`
      insert into marketing_consent (user_id, accepted) select 'bulk-' || g, true from generate_series(1, ${n}) g`);

    const delivered: MailMessage[] = [];
    const transport: Mailer = {
      outbox: null,
      send: async (m) => {
        delivered.push(m);
      },
      close() {},
    };
    const boss = await createJobQueue(ctx.database, ctx.app.log);
    try {
      const queued = await queueMail(boss, transport, { pollingIntervalSeconds: 0.5 });
      const staff = await createUser(ctx, { role: 'admin' });
      const actor = actorOf(
        { id: staff.id, email: staff.email, role: 'admin' } as never,
        { ip: '127.0.0.1' } as never,
      );
      const campaign = await createCampaign(ctx.database.db, actor, {
        ...period,
        campaign_name: 'Mil jogadores',
        email_template: 'Olá {{nome}}, volte a jogar!',
        target_criteria: {
          days_inactive: 7,
          min_participations: 1,
          last_win_days: 30,
          spending_range: { min: 0, max: 100_000 },
        },
      });
      const t0 = performance.now();
      const { queued: count } = await runCampaign({
        db: ctx.database.db,
        config: ctx.config,
        mailer: queued,
        actor,
        id: campaign.id,
      });
      const tQueued = performance.now();
      expect(count).toBeGreaterThanOrEqual(n);
      await expect
        .poll(() => delivered.length, { timeout: 120_000, interval: 200 })
        .toBeGreaterThanOrEqual(n);
      const t1 = performance.now();
      console.info(
        `campaign to ${count} players: queued in ${Math.round(tQueued - t0)} ms, all delivered by the queue worker in ${Math.round(t1 - t0)} ms (${Math.round((count / (t1 - t0)) * 1000)} mails/s end to end)`,
      );
    } finally {
      await boss.stop({ graceful: false, wait: true, timeout: 5000 });
    }
  }, 180_000);
});
