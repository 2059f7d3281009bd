/**
 * What runs around the auth library's endpoints: a sign-up creates the profile and records the
 * legal acceptance and the invitation; sign-ins pass the gate (rate limits, suspended accounts) and
 * are written to the security log, with the owner warned of guessing and of new devices.
 */
import { legalDocuments } from '@sorteio/shared';
import type { BetterAuthOptions } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { and, eq, notInArray } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { legalAcceptances, profiles, session, user } from '../../db/schema';
import type { Mailer } from '../mail/mail.service';
import { hitLimit } from '../../lib/db-rate-limit';
import { CLIENT_IP_HEADER } from '../../lib/request';
import { recordReferral } from '../referrals/referrals.service';
import {
  ACCOUNT_FAILURES_BEFORE_DELAY,
  MAX_FAILED_SIGN_INS,
  NEW_DEVICE_REASON,
  recordSecurityEvent,
  signInFailures,
  signInGate,
} from '../security/security.service';
import { newDeviceMail, passwordGuessingMail } from './auth-mails';

/** Told of each alert mailed to an owner (SMS and WhatsApp notifications hook in here). */
export type OnSecurityAlert = (alert: {
  email: string;
  kind: 'new-device' | 'password-guessing';
  at: Date;
}) => void;

/** The e-mail of an auth request body (better-auth types bodies as any). */
function bodyEmail(body: unknown): string | null {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.toLowerCase() : null;
}

function acceptedLegalTerms(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { acceptLegalTerms?: unknown }).acceptLegalTerms === true
  );
}

function clientOf(headers: Headers | undefined) {
  return {
    ip: headers?.get(CLIENT_IP_HEADER) ?? null,
    userAgent: headers?.get('user-agent') ?? null,
  };
}

export function createAuthHooks({
  config,
  db,
  mailer,
  onSecurityAlert,
}: {
  config: Config;
  db: Db;
  mailer: Mailer;
  onSecurityAlert?: OnSecurityAlert;
}): Pick<BetterAuthOptions, 'databaseHooks' | 'hooks'> {
  const findUserByEmail = async (email: string) => {
    const [row] = await db
      .select({ id: user.id, statusConta: profiles.statusConta, deletedAt: profiles.deletedAt })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(eq(user.email, email.toLowerCase()));
    return row ?? null;
  };

  /** At most one warning of each kind per account per hour. */
  const firstInHour = async (key: string) => {
    try {
      await hitLimit(db, { key, max: 1, windowMs: 60 * 60 * 1000, message: '' });
      return true;
    } catch {
      return false;
    }
  };

  const warnOfGuessing = async (email: string, ip: string | null) => {
    const f = await signInFailures(db, email, ip);
    const locked = f.fromAddress === MAX_FAILED_SIGN_INS;
    const slowed = f.total === ACCOUNT_FAILURES_BEFORE_DELAY;
    if (!(locked || slowed) || !(await firstInHour(`warn-lock:${email}`))) return;
    onSecurityAlert?.({ email, kind: 'password-guessing', at: new Date() });
    await mailer.send(
      passwordGuessingMail({ baseUrl: config.baseUrl, to: email, failures: f.total, ip }),
    );
  };

  const warnOfNewDevice = async (
    email: string,
    client: { ip: string | null; userAgent: string | null },
  ) => {
    onSecurityAlert?.({ email, kind: 'new-device', at: new Date() });
    await mailer.send(newDeviceMail({ baseUrl: config.baseUrl, to: email, client }));
  };

  return {
    databaseHooks: {
      user: {
        create: {
          after: async (created, ctx) => {
            await db.insert(profiles).values({ id: created.id }).onConflictDoNothing();
            // A sign-up carries the acceptance of the Termos and the Regulamento (its schema
            // refuses it otherwise, before this library sees it): kept with the versions in force.
            if (ctx?.path === '/sign-up/email' && acceptedLegalTerms(ctx.body)) {
              await db.insert(legalAcceptances).values({
                userId: created.id,
                termsVersion: legalDocuments.termos.version,
                rulesVersion: legalDocuments.regulamento.version,
                ipAddress: clientOf(ctx.headers).ip,
              });
            }
            // Invited by a player's link (/register?invite_code=): recorded for the bonus.
            const referralCode = (ctx?.body as { referralCode?: unknown } | undefined)
              ?.referralCode;
            if (ctx?.path === '/sign-up/email' && typeof referralCode === 'string') {
              const client = clientOf(ctx.headers);
              await recordReferral(db, {
                invitedId: created.id,
                code: referralCode,
                ip: client.ip,
                userAgent: client.userAgent,
              });
            }
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-in/email') return;
        const email = bodyEmail(ctx.body) ?? '';
        if (!email) return;
        const gate = await signInGate(db, email, clientOf(ctx.headers).ip);
        if (gate)
          throw new APIError('TOO_MANY_REQUESTS', { code: gate.code, message: gate.message });
        const found = await findUserByEmail(email);
        if (found?.statusConta === 'suspenso') {
          throw new APIError('FORBIDDEN', {
            code: 'ACCOUNT_SUSPENDED',
            message: 'Sua conta está suspensa. Entre em contato com o suporte.',
          });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const client = clientOf(ctx.headers);
        const returned: unknown = ctx.context.returned;
        const failed = returned instanceof APIError;
        const newSession = ctx.context.newSession;
        switch (ctx.path) {
          case '/sign-in/email': {
            const email = bodyEmail(ctx.body);
            if (failed) {
              const status = returned.status;
              // Refusals before the password check (suspended, locked) are not failures.
              if (status === 'UNAUTHORIZED' && email) {
                const found = await findUserByEmail(email);
                await recordSecurityEvent(db, {
                  userId: found?.id ?? null,
                  email,
                  action: 'login_failed',
                  client,
                });
                if (found) await warnOfGuessing(email, client.ip);
              }
            } else if (newSession) {
              const reason = await recordSecurityEvent(db, {
                userId: newSession.user.id,
                email,
                action: 'login',
                client,
              });
              if (reason?.includes(NEW_DEVICE_REASON))
                await warnOfNewDevice(newSession.user.email, client);
            }
            break;
          }
          case '/two-factor/verify-totp':
          case '/two-factor/verify-backup-code': {
            if (failed || !newSession) break;
            // With a session already open this is enabling 2FA; otherwise the second step of sign-in.
            const enabling = Boolean(ctx.context.session);
            // Enabling 2FA ends every other session: whoever else was signed in must sign in
            // again, now with the second step.
            if (enabling)
              await db
                .delete(session)
                .where(
                  and(
                    eq(session.userId, newSession.user.id),
                    notInArray(session.id, [
                      ctx.context.session!.session.id,
                      newSession.session.id,
                    ]),
                  ),
                );
            await recordSecurityEvent(db, {
              userId: newSession.user.id,
              email: newSession.user.email,
              action: enabling ? '2fa_enabled' : 'login',
              client,
            });
            break;
          }
          case '/two-factor/enable':
            if (!failed && ctx.context.session) {
              await recordSecurityEvent(db, {
                userId: ctx.context.session.user.id,
                action: '2fa_setup_started',
                client,
              });
            }
            break;
          default:
            break;
        }
      }),
    },
  };
}
