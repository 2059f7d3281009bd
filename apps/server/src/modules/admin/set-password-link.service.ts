/**
 * The link a person added by staff receives to set their own first password (issue 36 item 8).
 * No password is ever chosen, shown or mailed by staff: the account is created without one (it
 * cannot be signed into) and the e-mailed link opens /set-password. The link is the auth library's
 * own reset token (`reset-password:<token>` in its verification table), so the library's
 * /reset-password consumes it exactly once, checks its expiry and creates the credential; only the
 * lifetime differs from a recovery link (SET_PASSWORD_LINK_HOURS instead of 1 hour).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  type Role,
  SET_PASSWORD_LINK_HOURS,
  type SetPasswordLinkResult,
  roleLabels,
  roleSchema,
  setPasswordLinkMessages,
} from '@sorteio/shared';
import { and, eq, like } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { account, user, verification } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../mail/mail.service';
import { renderMail } from '../mail';
import type { DbOrTx } from '../../db/client';
import { type AuditActor, writeAudit } from '../audit/audit.service';

const RESET_PREFIX = 'reset-password:';

/**
 * A new single-use token for `userId`, valid SET_PASSWORD_LINK_HOURS; any earlier link of the
 * account stops working (only the newest link sent is good). Runs inside the caller's transaction.
 */
export async function issueSetPasswordToken(tx: DbOrTx, userId: string) {
  await tx
    .delete(verification)
    .where(and(like(verification.identifier, `${RESET_PREFIX}%`), eq(verification.value, userId)));
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + SET_PASSWORD_LINK_HOURS * 60 * 60 * 1000);
  await tx.insert(verification).values({
    id: randomUUID(),
    identifier: `${RESET_PREFIX}${token}`,
    value: userId,
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * Mails the link. A refusal of the mail server is reported (sent: false), not thrown: the account
 * is already created, and the administrator can send the link again.
 */
export async function mailSetPasswordLink({
  config,
  mailer,
  email,
  name,
  role,
  token,
  expiresAt,
  log,
}: {
  config: Config;
  mailer: Mailer;
  email: string;
  name: string;
  role: Role;
  token: string;
  expiresAt: Date;
  log?: { error: (obj: unknown, msg: string) => void };
}): Promise<SetPasswordLinkResult> {
  const url = `${config.baseUrl}/set-password?token=${encodeURIComponent(token)}`;
  const staff = role !== 'user';
  let sent = true;
  try {
    await mailer.send(
      renderMail({
        to: email,
        subject: staff
          ? 'Seu acesso à equipe — Sorteio Certo'
          : 'Sua conta foi criada — Sorteio Certo',
        heading: `Olá, ${name.split(' ')[0] ?? name}! Defina sua senha`,
        paragraphs: [
          staff
            ? `Você foi adicionado à equipe da Sorteio Certo com o cargo ${roleLabels[role]}.`
            : 'Uma conta foi criada para você na Sorteio Certo pela nossa equipe.',
          'Para entrar, escolha a sua senha pelo link abaixo. Ninguém da equipe conhece ou recebe a sua senha.',
          `O link vale por ${SET_PASSWORD_LINK_HOURS} horas e pode ser usado uma única vez.`,
          ...(staff
            ? [
                'Depois de definir a senha, entre com seu e-mail: a equipe acessa o painel administrativo, com a verificação em duas etapas quando exigida.',
              ]
            : []),
        ],
        action: { label: 'Definir minha senha', url },
        footnote:
          'Se o link expirar, peça um novo à equipe ou use "Esqueci minha senha" na tela de login. Se você não esperava este e-mail, ignore-o.',
      }),
    );
  } catch (error) {
    sent = false;
    log?.error({ err: error, to: email }, 'set-password link not sent');
  }
  return { sentTo: email, expiresAt: expiresAt.toISOString(), sent };
}

/** True while the account has no password (added by staff, link not used yet). */
export async function isAwaitingPassword(db: DbOrTx, userId: string): Promise<boolean> {
  const [credential] = await db
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  return !credential;
}

/**
 * "Reenviar link de senha": only for an account still without a password (afterwards a change of
 * password is the person's own, through recovery). Player accounts by whoever adds players, staff
 * accounts by administrators. The earlier link stops working; audited in the same transaction.
 */
export async function resendSetPasswordLink({
  db,
  config,
  mailer,
  actor,
  userId,
  log,
}: {
  db: Db;
  config: Config;
  mailer: Mailer;
  actor: AuditActor;
  userId: string;
  log?: { error: (obj: unknown, msg: string) => void };
}): Promise<SetPasswordLinkResult> {
  const issued = await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: user.id, email: user.email, name: user.name, role: user.role })
      .from(user)
      .where(eq(user.id, userId))
      .for('update');
    if (!target) throw new AppError('NOT_FOUND', { message: 'Usuário não encontrado.' });
    // Who may send it to whom: requireActOn(…, 'password') in the route (lib/authz.ts).
    const role = roleSchema.safeParse(target.role).data ?? 'user';
    if (!(await isAwaitingPassword(tx, userId)))
      throw new AppError('CONFLICT', {
        message: setPasswordLinkMessages.alreadySet,
        reason: 'PASSWORD_ALREADY_SET',
      });
    const { token, expiresAt } = await issueSetPasswordToken(tx, userId);
    await writeAudit(tx, actor, {
      action: 'user.set_password_link',
      targetType: 'user',
      targetId: userId,
      after: { sentTo: target.email, expiresAt: expiresAt.toISOString() },
    });
    return { target: { ...target, role }, token, expiresAt };
  });
  return mailSetPasswordLink({
    config,
    mailer,
    email: issued.target.email,
    name: issued.target.name,
    role: issued.target.role,
    token: issued.token,
    expiresAt: issued.expiresAt,
    ...(log ? { log } : {}),
  });
}
