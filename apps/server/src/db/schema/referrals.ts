/**
 * Referrals (docs/decisions/025): each player's invite code, and one row per invited
 * account naming who invited it. The bonus is paid (or refused) once per invited account: the row
 * is unique per invited user and its status leaves 'pending' once, under a row lock, with the
 * ledger's idempotency key `referral:<invited user id>` behind it.
 */
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { uuidId, createdAt } from './columns';

export const referralCodes = pgTable(
  'referral_codes',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('referral_codes_code_key').on(t.code)],
);

export const referralStatuses = ['pending', 'paid', 'refused'] as const;
/** Why a bonus was refused: the accounts share a CPF, a PIX key or a device; or the program was off. */
export const referralRefusals = ['same_cpf', 'same_pix', 'same_device', 'disabled'] as const;

export const referrals = pgTable(
  'referrals',
  {
    id: uuidId(),
    inviterId: text('inviter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    invitedId: text('invited_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    status: text('status', { enum: referralStatuses }).notNull().default('pending'),
    refusal: text('refusal', { enum: referralRefusals }),
    /** The bonus credited to the inviter's Cashback, in centavos (when paid). */
    bonusCentavos: integer('bonus_centavos'),
    /** The invited account's first confirmed entry, which decided the bonus. */
    participacaoId: uuid('participacao_id'),
    /** The device the invited account signed up from (compared with the inviter's sessions). */
    signupIp: text('signup_ip'),
    signupUserAgent: text('signup_user_agent'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('referrals_invited_key').on(t.invitedId),
    index('referrals_inviter_idx').on(t.inviterId),
    index('referrals_pending_idx').on(t.status),
  ],
);
