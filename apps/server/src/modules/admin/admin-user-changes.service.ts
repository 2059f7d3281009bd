/**
 * Staff changes to accounts (spec 001 "Admin users tab", add user, add employee): status,
 * verification and role changes, and new accounts (the person sets the password from an e-mailed
 * link). Every change writes its audit row in the same transaction.
 */
import { randomUUID } from 'node:crypto';
import {
  type Role,
  type SessionUser,
  can,
  type createAccountInputSchema,
  isStaffRole,
  normalizePixKey,
  onlyDigits,
} from '@sorteio/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { profiles, session, user, verificacaoUsuario } from '../../db/schema';
import { AppError, pgConstraint, pgErrorCode } from '../../lib/errors';
import type { Mailer } from '../mail/mail.service';
import { profileUniqueMessages } from '../profile/profile.service';
import { type AuditActor, writeAudit } from '../audit/audit.service';
import { assertMayAttest, recordAttestation } from '../identity';
import { issueSetPasswordToken, mailSetPasswordLink } from './set-password-link.service';

/** Ativar / Suspender; the route has checked who may act on whom (requireActOn). */
export async function setUserStatus({
  db,
  actor,
  userId,
  statusConta,
}: {
  db: Db;
  actor: AuditActor;
  userId: string;
  statusConta: 'ativo' | 'suspenso';
}) {
  await db.transaction(async (tx) => {
    await tx.insert(profiles).values({ id: userId }).onConflictDoNothing();
    const [before] = await tx
      .select({ statusConta: profiles.statusConta })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for('update');
    await tx
      .update(profiles)
      .set({ statusConta, updatedAt: new Date() })
      .where(eq(profiles.id, userId));
    // A suspended account's sessions end at once.
    if (statusConta === 'suspenso') await tx.delete(session).where(eq(session.userId, userId));
    await writeAudit(tx, actor, {
      action: 'user.status',
      targetType: 'user',
      targetId: userId,
      before,
      after: { statusConta },
    });
  });
  return { statusConta };
}

/**
 * Verificar / Desverificar (spec 001 section 4), recorded as a staff decision; the route has
 * checked who may act on whom (requireActOn).
 */
export async function setUserVerified({
  db,
  staff,
  actor,
  userId,
  verified,
}: {
  db: Db;
  staff: SessionUser;
  actor: AuditActor;
  userId: string;
  verified: boolean;
}) {
  await db.transaction(async (tx) => {
    await tx.insert(profiles).values({ id: userId }).onConflictDoNothing();
    const [before] = await tx
      .select({ isVerified: profiles.isVerified })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for('update');
    await tx
      .update(profiles)
      .set({ isVerified: verified, updatedAt: new Date() })
      .where(eq(profiles.id, userId));
    await tx
      .update(verificacaoUsuario)
      .set({
        statusVerificacao: verified ? 'verificado' : 'pendente',
        reviewedBy: staff.id,
        reviewedAt: new Date(),
      })
      .where(eq(verificacaoUsuario.userId, userId));
    await writeAudit(tx, actor, {
      action: verified ? 'user.verify' : 'user.unverify',
      targetType: 'user',
      targetId: userId,
      before,
      after: { isVerified: verified },
    });
  });
  return { isVerified: verified };
}

/**
 * A new role; the route has checked who may act on whom (requireActOn: administrators only, never
 * their own role, and the owner stays admin).
 */
export async function setUserRole({
  db,
  actor,
  target,
  role,
}: {
  db: Db;
  actor: AuditActor;
  target: { id: string; role: Role };
  role: Role;
}) {
  const userId = target.id;
  await db.transaction(async (tx) => {
    await tx.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, userId));
    // A new role takes effect at the next sign-in: the current sessions end.
    await tx.delete(session).where(eq(session.userId, userId));
    await writeAudit(tx, actor, {
      action: 'user.role',
      targetType: 'user',
      targetId: userId,
      before: { role: target.role },
      after: { role },
    });
  });
  return { role };
}

/**
 * Add user / add employee: the account is created active, with its e-mail confirmed and no
 * password: the person is e-mailed a single-use link to set their own (set-password-link.service),
 * and nobody can sign into the account before that. Plain users may be added by whoever has
 * users.create; employees only by administrators. The account is verified only with a staff
 * attestation (identity.review; docs/decisions/015-spec-differences.md); without one it goes
 * through the normal identity checks.
 */
export async function createAccount({
  db,
  config,
  mailer,
  staff,
  actor,
  input,
  log,
}: {
  db: Db;
  config: Config;
  mailer: Mailer;
  staff: SessionUser;
  actor: AuditActor;
  input: z.output<typeof createAccountInputSchema>;
  log?: { error: (obj: unknown, msg: string) => void };
}) {
  if (input.kind === 'employee' && !can(staff.role, 'staff.manage'))
    throw new AppError('FORBIDDEN', { message: 'Somente administradores adicionam funcionários.' });
  if (isStaffRole(input.role) && input.kind !== 'employee') throw new AppError('FORBIDDEN');
  const attestation = input.attestation ?? null;
  if (attestation) assertMayAttest(staff);
  const email = input.email.trim().toLowerCase();
  let pixKey: string | null = null;
  if (input.chave_pix && input.chave_pix_tipo) {
    const normalized = normalizePixKey(input.chave_pix_tipo, input.chave_pix);
    if (!normalized.ok) throw new AppError('VALIDATION_ERROR', { message: normalized.message });
    pixKey = normalized.value;
  }
  const id = randomUUID();
  let link: { token: string; expiresAt: Date };
  try {
    link = await db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email));
      if (taken) throw new AppError('CONFLICT', { message: 'Este e-mail já está cadastrado.' });
      await tx.insert(user).values({
        id,
        email,
        name: input.nome_completo,
        emailVerified: true,
        role: input.role,
      });
      await tx.insert(profiles).values({
        id,
        nomeCompleto: input.nome_completo,
        chavePix: pixKey,
        chavePixTipo: pixKey ? input.chave_pix_tipo : null,
        cpf: input.cpf ? onlyDigits(input.cpf) : null,
        telefone: input.telefone ? onlyDigits(input.telefone) : null,
        dataNascimento: attestation?.dataNascimento ?? null,
        isVerified: attestation !== null,
        statusConta: 'ativo',
      });
      await writeAudit(tx, actor, {
        action: input.kind === 'employee' ? 'staff.create' : 'user.create',
        targetType: 'user',
        targetId: id,
        after: {
          email,
          role: input.role,
          nome_completo: input.nome_completo,
          isVerified: attestation !== null,
        },
      });
      if (attestation)
        await recordAttestation(tx, {
          userId: id,
          staff,
          actor,
          documents: attestation.documents,
          note: attestation.note,
        });
      return issueSetPasswordToken(tx, id);
    });
  } catch (error) {
    if (pgErrorCode(error) === '23505') {
      const message =
        profileUniqueMessages[pgConstraint(error) ?? ''] ??
        (pgConstraint(error)?.startsWith('user_email')
          ? 'Este e-mail já está cadastrado.'
          : 'Dados duplicados detectados. Verifique as informações informadas.');
      throw new AppError('CONFLICT', { message, cause: error });
    }
    throw error;
  }
  const setPasswordLink = await mailSetPasswordLink({
    config,
    mailer,
    email,
    name: input.nome_completo,
    role: input.role,
    ...link,
    ...(log ? { log } : {}),
  });
  return { id, email, role: input.role, isVerified: !!attestation, setPasswordLink };
}
