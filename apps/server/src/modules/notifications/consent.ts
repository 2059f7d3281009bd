/**
 * SMS and WhatsApp consent: the platform's switch per channel, the player's opt-in per channel
 * with its history, and the reply keywords (SAIR, VOLTAR...) that change it.
 */
import {
  type ConsentSource,
  type NotificationChannel,
  type NotificationPreferences,
  type UpdateNotificationPreferencesInput,
  notificationChannelLabels,
  notificationChannels,
  notificationMessages,
  toE164Mobile,
} from '@sorteio/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notificationConsentEvents, notificationPreferences } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { getSetting } from '../settings/settings.service';

const switchKey = {
  sms: 'notifications.sms',
  whatsapp: 'notifications.whatsapp',
} as const satisfies Record<NotificationChannel, string>;

export const channelEnabled = (db: Db, channel: NotificationChannel) =>
  getSetting(db, switchKey[channel]);

// ---------------------------------------------------------------- consent

type PrefRow = typeof notificationPreferences.$inferSelect;

export function channelOf(row: PrefRow | undefined, channel: NotificationChannel) {
  if (!row) return { optedIn: false, changedAt: null, source: null };
  return channel === 'sms'
    ? { optedIn: row.smsOptIn, changedAt: row.smsChangedAt, source: row.smsSource }
    : { optedIn: row.whatsappOptIn, changedAt: row.whatsappChangedAt, source: row.whatsappSource };
}

export async function getPreferences(
  db: Db,
  userId: string,
  dailyLimit: number,
): Promise<NotificationPreferences> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const out = { phone: row?.phone ?? null, dailyLimit } as NotificationPreferences;
  for (const channel of notificationChannels) {
    const c = channelOf(row, channel);
    out[channel] = {
      optedIn: c.optedIn,
      changedAt: c.changedAt?.toISOString() ?? null,
      source: c.source ?? null,
      enabledByPlatform: await channelEnabled(db, channel),
    };
  }
  return out;
}

function channelColumns(channel: NotificationChannel, optedIn: boolean, source: ConsentSource) {
  const at = new Date();
  return channel === 'sms'
    ? { smsOptIn: optedIn, smsChangedAt: at, smsSource: source }
    : { whatsappOptIn: optedIn, whatsappChangedAt: at, whatsappSource: source };
}

/** The profile card: phone and per-channel switches. Every change of consent is kept. */
export async function updatePreferences(
  db: Db,
  userId: string,
  input: UpdateNotificationPreferencesInput,
  detail: string | null,
): Promise<void> {
  // Read before the transaction: the settings go through the outer handle (and its cache).
  const platformOn = {
    sms: await channelEnabled(db, 'sms'),
    whatsapp: await channelEnabled(db, 'whatsapp'),
  } satisfies Record<NotificationChannel, boolean>;
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId))
      .for('update');
    const phone =
      input.phone === undefined
        ? (current?.phone ?? null)
        : input.phone === null || input.phone === ''
          ? null
          : toE164Mobile(input.phone);
    const phoneChanged = phone !== (current?.phone ?? null);
    const set: Partial<typeof notificationPreferences.$inferInsert> = {
      phone,
      updatedAt: new Date(),
    };
    const events: (typeof notificationConsentEvents.$inferInsert)[] = [];
    for (const channel of notificationChannels) {
      const was = channelOf(current, channel).optedIn;
      // No phone, no messages: removing the phone turns both channels off.
      const wanted = phone === null ? false : (input[channel] ?? was);
      if (wanted && !was && !platformOn[channel])
        throw new AppError('VALIDATION_ERROR', {
          message: notificationMessages.channelOff(notificationChannelLabels[channel]),
        });
      if (input[channel] === true && phone === null)
        throw new AppError('VALIDATION_ERROR', { message: notificationMessages.phoneRequired });
      // A new number needs its own consent record: the yes was given for the old one.
      if (wanted !== was || (wanted && phoneChanged)) {
        Object.assign(set, channelColumns(channel, wanted, 'profile'));
        events.push({ userId, channel, optedIn: wanted, source: 'profile', phone, detail });
      }
    }
    await tx
      .insert(notificationPreferences)
      .values({ userId, ...set })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set });
    if (events.length) await tx.insert(notificationConsentEvents).values(events);
  });
}

const OPT_OUT_WORDS = new Set(['SAIR', 'PARAR', 'STOP', 'CANCELAR', 'DESCADASTRAR', 'PARE']);
const OPT_IN_WORDS = new Set(['VOLTAR', 'START', 'RETOMAR']);

/** The keyword of a reply (first word, upper case, accents dropped), if it is one. */
export function replyKeyword(text: string): 'opt-out' | 'opt-in' | null {
  const word = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .split(/\s+/)[0]
    ?.replace(/[^A-Za-z]/g, '')
    .toUpperCase();
  if (!word) return null;
  if (OPT_OUT_WORDS.has(word)) return 'opt-out';
  if (OPT_IN_WORDS.has(word)) return 'opt-in';
  return null;
}

/**
 * A reply to one of our messages: SAIR/PARAR/STOP turn the channel off for every account with
 * that number; VOLTAR/START turn it back on (only for accounts that registered the number).
 * Returns what was done, or null when the text is no keyword or the number is unknown.
 */
export async function applyReply(
  db: Db,
  channel: NotificationChannel,
  from: string,
  text: string,
): Promise<'opt-out' | 'opt-in' | null> {
  const keyword = replyKeyword(text);
  const phone = toE164Mobile(from);
  if (!keyword || !phone) return null;
  const optedIn = keyword === 'opt-in';
  if (optedIn && !(await channelEnabled(db, channel))) return null;
  const rows = await db
    .select({ userId: notificationPreferences.userId })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.phone, phone));
  if (rows.length === 0) return null;
  const word = text.trim().split(/\s+/)[0]!.slice(0, 20);
  await db.transaction(async (tx) => {
    for (const { userId } of rows) {
      await tx
        .update(notificationPreferences)
        .set({ ...channelColumns(channel, optedIn, 'reply'), updatedAt: new Date() })
        .where(eq(notificationPreferences.userId, userId));
      await tx.insert(notificationConsentEvents).values({
        userId,
        channel,
        optedIn,
        source: 'reply',
        phone,
        detail: word,
      });
    }
  });
  return keyword;
}
