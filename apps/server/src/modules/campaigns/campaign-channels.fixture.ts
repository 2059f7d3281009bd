/**
 * The shared setup of the remarketing-channel tests (campaign-channels*.test.ts): one app per test
 * file (its hooks run in the importing file), signed-in staff of three roles, rooms, and helpers
 * that make players with a spending of their own so that scenarios' audiences never mix.
 */
import type { CampaignChannelSettings } from '@sorteio/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import {
  notificationPreferences,
  participacoes,
  remarketingCampaigns,
  staffAuditLog,
  user,
} from '../../db/schema';
import { setSetting } from '../settings/settings.service';
import { brasiliaDay, setMarketingConsent } from './campaigns.service';
import {
  type TestContext,
  caller,
  createTestApp,
  createUser,
  prataRooms,
  signIn,
} from '../../test/helpers';

export const DAY = 86_400_000;
export const day = (offset: number) => brasiliaDay(new Date(Date.now() + offset * DAY));

export let ctx: TestContext;
export let admin: string;
export let manager: string;
export let support: string;
export const salaIds: string[] = [];
export let phoneCounter = 0;

/**
 * Registers the file's app, staff sessions and rooms. Each test file calls it at its top level: the
 * module is shared by the worker's files (no isolation), so hooks at import time would only reach
 * the first file that imports it.
 */
export function useCampaignChannelsContext() {
  beforeAll(async () => {
    salaIds.length = 0;
    ctx = await createTestApp();
    admin = await signIn(ctx, await createUser(ctx, { role: 'admin' }), '198.18.74.1');
    manager = await signIn(ctx, await createUser(ctx, { role: 'manager' }), '198.18.74.2');
    support = await signIn(ctx, await createUser(ctx, { role: 'support' }), '198.18.74.3');
    salaIds.push(...(await prataRooms(ctx, 6)));
  });
  afterAll(async () => ctx.close());
  beforeEach(async () => {
    // SMS campaigns run only with the platform's SMS switch on (spec 001 default: off).
    await setSetting(ctx.database.db, 'notifications.sms', true, null);
  });
}

export const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  cookie: string = admin,
) =>
  caller(ctx)(
    method,
    url,
    cookie || undefined,
    body === undefined ? undefined : JSON.stringify(body),
  );

/**
 * A player whose one confirmed entry, 10 days ago, cost `spent` centavos: each scenario uses its
 * own amount and narrows the spending range to it, so the scenarios' audiences never mix.
 */
export async function player(
  name: string,
  spent: number,
  opts: { phone?: boolean; consent?: boolean },
) {
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

export const criteriaFor = (spent: number) => ({
  days_inactive: 7,
  min_participations: 1,
  last_win_days: 0,
  spending_range: { min: spent, max: spent },
});

/** A paid, confirmed entry of the player, now (a conversion when it follows a send). */
export async function paidEntry(userId: string, sala: number) {
  await ctx.database.db.insert(participacoes).values({
    userId,
    salaId: salaIds[sala]!,
    numeroSorte: String(100000 + Math.floor(Math.random() * 899999)),
    valorPago: 1000,
    statusPagamento: 'confirmado',
    metodoPagamento: 'balance',
  });
}

export const campaignCount = async () =>
  (await ctx.database.db.select({ n: count() }).from(remarketingCampaigns))[0]!.n;

export async function auditOf(targetId: string) {
  return ctx.database.db
    .select()
    .from(staffAuditLog)
    .where(eq(staffAuditLog.targetId, targetId))
    .orderBy(staffAuditLog.createdAt);
}

export async function setChannels(patch: Partial<CampaignChannelSettings>) {
  const current = (
    await call('GET', '/api/admin/campaigns/channel-settings')
  ).json<CampaignChannelSettings>();
  const res = await call('PUT', '/api/admin/campaigns/channel-settings', { ...current, ...patch });
  expect(res.statusCode).toBe(200);
}

export const hhmm = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
export const brasiliaMinuteNow = () => {
  const local = new Date(Date.now() - 3 * 3_600_000);
  return local.getUTCHours() * 60 + local.getUTCMinutes();
};
