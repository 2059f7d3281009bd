/**
 * Staff over player accounts (spec 001 "Admin users tab", add user, add employee): search and
 * paging, the user detail with identity review, status, verification and role changes, and new
 * accounts (the person sets the password from an e-mailed link). Every change writes its audit row
 * in the same transaction.
 */
import { randomUUID } from 'node:crypto';
import {
  ADMIN_USERS_PAGE_SIZE,
  type AdminUserDetail,
  type AdminUserList,
  type AdminUserRow,
  type Role,
  type SessionUser,
  can,
  canSearchBy,
  canSeeStaffAccounts,
  type createAccountInputSchema,
  isStaffRole,
  normalizePixKey,
  onlyDigits,
  roleSchema,
  viewField,
} from '@sorteio/shared';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  participacoes,
  profiles,
  salas,
  session,
  user,
  userActivity,
  userSecurityLogs,
  verificacaoUsuario,
} from '../../db/schema';
import { AppError, pgConstraint, pgErrorCode } from '../../lib/errors';
import type { Mailer } from '../mail/mail.service';
import { renderMail } from '../mail';
import { getVerification } from '../identity/identity.service';
import { profileUniqueMessages } from '../profile/profile.service';
import { walletOf } from '../wallet';
import { type AuditActor, escapeLike, writeAudit } from '../audit/audit.service';
import { responsiblePlaySummary } from '../responsible-play/responsible-play.service';
import { assertMayAttest, findAttestation, recordAttestation } from '../identity';
import {
  isAwaitingPassword,
  issueSetPasswordToken,
  mailSetPasswordLink,
} from './set-password-link.service';

const verificationStatusSql = sql<string>`coalesce(${verificacaoUsuario.statusVerificacao}, 'nao_enviado')`;

/**
 * A user row as the viewer may see it: personal fields through the per-role field table
 * (staff-access.ts, `viewField`), the one place the administrator contracts are masked.
 */
function rowOf(
  r: {
    id: string;
    email: string;
    role: string;
    createdAt: Date;
    nomeCompleto: string | null;
    chavePix: string | null;
    statusConta: string | null;
    isVerified: boolean | null;
    verificationStatus: string;
  },
  ownerEmail: string,
  viewer: Role,
): AdminUserRow {
  const stored = roleSchema.safeParse(r.role);
  const isOwner = r.email.toLowerCase() === ownerEmail;
  return {
    id: r.id,
    nomeCompleto: r.nomeCompleto,
    email: viewField(viewer, 'email', r.email),
    chavePix: viewField(viewer, 'chavePix', r.chavePix),
    role: isOwner ? 'admin' : stored.success ? stored.data : 'user',
    isOwner,
    statusConta: (r.statusConta ?? 'ativo') as AdminUserRow['statusConta'],
    isVerified: r.isVerified ?? false,
    verificationStatus: r.verificationStatus as AdminUserRow['verificationStatus'],
    createdAt: r.createdAt.toISOString(),
  };
}

const listColumns = {
  id: user.id,
  email: user.email,
  role: user.role,
  createdAt: user.createdAt,
  nomeCompleto: profiles.nomeCompleto,
  chavePix: profiles.chavePix,
  statusConta: profiles.statusConta,
  isVerified: profiles.isVerified,
  verificationStatus: verificationStatusSql,
};

/**
 * Users, newest first, 50 a page. The search matches name, PIX key, e-mail or CPF, partial and
 * case-insensitive (a CPF typed with its mask matches too), each field only for a viewer who sees
 * it in full (a role that sees the CPF masked cannot find a person by it). Deleted (anonymized)
 * accounts are left out, and staff accounts for a viewer who is not an administrator.
 */
export async function listUsers(
  db: Db,
  config: Config,
  viewer: Role,
  query: {
    q?: string;
    page: number;
    status?: string;
    role?: Role;
    verified?: 'true' | 'false';
    staff?: 'true' | 'false';
  },
): Promise<AdminUserList> {
  const conditions: (SQL | undefined)[] = [sql`${profiles.deletedAt} is null`];
  const q = query.q?.trim();
  if (q) {
    const like = `%${escapeLike(q)}%`;
    const digits = onlyDigits(q);
    conditions.push(
      or(
        ilike(profiles.nomeCompleto, like),
        canSearchBy(viewer, 'chavePix') ? ilike(profiles.chavePix, like) : undefined,
        canSearchBy(viewer, 'email') ? ilike(user.email, like) : undefined,
        canSearchBy(viewer, 'cpf') && digits.length >= 3
          ? ilike(profiles.cpf, `%${digits}%`)
          : undefined,
      ),
    );
  }
  if (!canSeeStaffAccounts(viewer))
    conditions.push(sql`${user.role} = 'user' and lower(${user.email}) <> ${config.adminEmail}`);
  if (query.status) conditions.push(eq(profiles.statusConta, query.status as 'ativo'));
  if (query.role) conditions.push(eq(user.role, query.role));
  if (query.verified) conditions.push(eq(profiles.isVerified, query.verified === 'true'));
  if (query.staff === 'true') conditions.push(sql`${user.role} <> 'user'`);
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .leftJoin(verificacaoUsuario, eq(verificacaoUsuario.userId, user.id))
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(ADMIN_USERS_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_USERS_PAGE_SIZE),
    db.select({ n: count() }).from(user).leftJoin(profiles, eq(profiles.id, user.id)).where(where),
  ]);
  return {
    items: rows.map((r) => rowOf(r, config.adminEmail, viewer)),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: ADMIN_USERS_PAGE_SIZE,
  };
}

export async function getUserDetail(
  db: Db,
  config: Config,
  userId: string,
  viewer: SessionUser,
): Promise<AdminUserDetail> {
  const [found] = await db
    .select({
      ...listColumns,
      cpf: profiles.cpf,
      telefone: profiles.telefone,
      dataNascimento: profiles.dataNascimento,
      enderecoCompleto: profiles.enderecoCompleto,
      twoFactorEnabled: user.twoFactorEnabled,
      emailVerified: user.emailVerified,
      mustChangePassword: profiles.mustChangePassword,
      lastActivity: userActivity.lastActivity,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(verificacaoUsuario, eq(verificacaoUsuario.userId, user.id))
    .leftJoin(userActivity, eq(userActivity.userId, user.id))
    .where(eq(user.id, userId));
  if (!found) throw new AppError('NOT_FOUND', { message: 'Usuário não encontrado.' });
  const [wallet, seats, logs, [verification]] = await Promise.all([
    walletOf(db, userId),
    db
      .select({ p: participacoes, tipoSala: salas.tipoSala })
      .from(participacoes)
      .innerJoin(salas, eq(salas.id, participacoes.salaId))
      .where(eq(participacoes.userId, userId))
      .orderBy(desc(participacoes.createdAt))
      .limit(20),
    db
      .select()
      .from(userSecurityLogs)
      .where(eq(userSecurityLogs.userId, userId))
      .orderBy(desc(userSecurityLogs.timestamp))
      .limit(20),
    db
      .select({ v: verificacaoUsuario, reviewer: profiles.nomeCompleto })
      .from(verificacaoUsuario)
      .leftJoin(profiles, eq(profiles.id, verificacaoUsuario.reviewedBy))
      .where(eq(verificacaoUsuario.userId, userId)),
  ]);
  const canReview = can(viewer.role, 'identity.review');
  const show = (field: Parameters<typeof viewField>[1], value: string | null) =>
    viewField(viewer.role, field, value);
  const [responsiblePlay, attestation, awaitingPassword] = await Promise.all([
    responsiblePlaySummary(db, userId),
    findAttestation(db, userId),
    isAwaitingPassword(db, userId),
  ]);
  return {
    responsiblePlay,
    // Who attested and when is shown to every reader; the note only to identity reviewers.
    attestation: attestation && (canReview ? attestation : { ...attestation, note: '' }),
    user: {
      ...rowOf(found, config.adminEmail, viewer.role),
      cpf: show('cpf', found.cpf),
      telefone: show('telefone', found.telefone),
      dataNascimento: show('dataNascimento', found.dataNascimento),
      enderecoCompleto: show('enderecoCompleto', found.enderecoCompleto),
      twoFactorEnabled: found.twoFactorEnabled ?? false,
      emailVerified: found.emailVerified,
      mustChangePassword: found.mustChangePassword ?? false,
      awaitingPassword,
      lastActivity: found.lastActivity?.toISOString() ?? null,
    },
    wallet,
    participations: seats.map((s) => ({
      id: s.p.id,
      salaId: s.p.salaId,
      tipoSala: s.tipoSala,
      numeroSorte: s.p.numeroSorte,
      valorPago: s.p.valorPago,
      statusPagamento: s.p.statusPagamento,
      ehVencedor: s.p.ehVencedor,
      createdAt: s.p.createdAt.toISOString(),
    })),
    securityLogs: logs.map((l) => ({
      id: l.id,
      actionType: l.actionType,
      ipAddress: show('ipAddress', l.ipAddress),
      city: l.city,
      country: l.country,
      isSuspicious: l.isSuspicious,
      suspiciousReason: l.suspiciousReason,
      timestamp: l.timestamp.toISOString(),
    })),
    verification: verification
      ? {
          status: verification.v.statusVerificacao,
          tipoDocumento: verification.v.tipoDocumento,
          numeroDocumento: show('numeroDocumento', verification.v.numeroDocumento) ?? '',
          motivoRejeicao: verification.v.motivoRejeicao,
          submittedAt: verification.v.submittedAt.toISOString(),
          reviewedAt: verification.v.reviewedAt?.toISOString() ?? null,
          reviewerName: verification.reviewer,
          checks: canReview ? (verification.v.checks ?? null) : null,
          automatedChecks: canReview ? (verification.v.analise ?? null) : null,
          canReview,
        }
      : null,
  };
}

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

/** The identity review queue; staff members' own submissions only for administrators. */
export async function listReviewQueue(
  db: Db,
  config: Config,
  viewer: Role,
  status: 'pendente' | 'verificado' | 'rejeitado',
) {
  const rows = await db
    .select({
      userId: verificacaoUsuario.userId,
      nomeCompleto: profiles.nomeCompleto,
      email: user.email,
      tipoDocumento: verificacaoUsuario.tipoDocumento,
      numeroDocumento: verificacaoUsuario.numeroDocumento,
      status: verificacaoUsuario.statusVerificacao,
      motivoRejeicao: verificacaoUsuario.motivoRejeicao,
      submittedAt: verificacaoUsuario.submittedAt,
    })
    .from(verificacaoUsuario)
    .innerJoin(user, eq(user.id, verificacaoUsuario.userId))
    .leftJoin(profiles, eq(profiles.id, verificacaoUsuario.userId))
    .where(
      and(
        eq(verificacaoUsuario.statusVerificacao, status),
        canSeeStaffAccounts(viewer)
          ? undefined
          : sql`${user.role} = 'user' and lower(${user.email}) <> ${config.adminEmail}`,
      ),
    )
    // The queue: oldest first, so nobody waits behind newer submissions.
    .orderBy(asc(verificacaoUsuario.submittedAt))
    .limit(200);
  return rows.map((r) => ({
    ...r,
    email: viewField(viewer, 'email', r.email),
    numeroDocumento: viewField(viewer, 'numeroDocumento', r.numeroDocumento),
    submittedAt: r.submittedAt.toISOString(),
  }));
}

/**
 * Approve or reject an identity; the player sees the reason and is e-mailed the decision. The
 * route has checked who may act on whom (requireActOn), so a role that may not touch a staff
 * account cannot unverify one here either.
 */
export async function reviewIdentity({
  db,
  config,
  mailer,
  staff,
  actor,
  userId,
  decision,
}: {
  db: Db;
  config: Config;
  mailer: Mailer;
  staff: SessionUser;
  actor: AuditActor;
  userId: string;
  decision: { decision: 'aprovar' } | { decision: 'rejeitar'; motivo: string };
}) {
  const approve = decision.decision === 'aprovar';
  const email = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ v: verificacaoUsuario, email: user.email })
      .from(verificacaoUsuario)
      .innerJoin(user, eq(user.id, verificacaoUsuario.userId))
      .where(eq(verificacaoUsuario.userId, userId))
      .for('update');
    if (!row)
      throw new AppError('NOT_FOUND', {
        message: 'Nenhuma verificação enviada por este usuário.',
      });
    const now = new Date();
    await tx
      .update(verificacaoUsuario)
      .set({
        statusVerificacao: approve ? 'verificado' : 'rejeitado',
        motivoRejeicao: approve ? null : decision.motivo,
        reviewedBy: staff.id,
        reviewedAt: now,
      })
      .where(eq(verificacaoUsuario.userId, userId));
    await tx
      .update(profiles)
      .set({ isVerified: approve, updatedAt: now })
      .where(eq(profiles.id, userId));
    await writeAudit(tx, actor, {
      action: approve ? 'identity.approve' : 'identity.reject',
      targetType: 'user',
      targetId: userId,
      before: { status: row.v.statusVerificacao, motivo: row.v.motivoRejeicao },
      after: {
        status: approve ? 'verificado' : 'rejeitado',
        motivo: approve ? null : decision.motivo,
      },
    });
    return row.email;
  });
  await mailer.send(
    renderMail({
      to: email,
      subject: approve
        ? 'Sua identidade foi verificada — Sorteio Certo'
        : 'Sua verificação de identidade precisa ser reenviada — Sorteio Certo',
      heading: approve ? 'Identidade verificada' : 'Não conseguimos verificar sua identidade',
      paragraphs: approve
        ? ['Sua conta está verificada: você já pode participar das salas.']
        : [
            `Motivo: ${decision.decision === 'rejeitar' ? decision.motivo : ''}`,
            'Envie novamente a foto do documento e uma selfie na aba Verificação do seu perfil.',
          ],
      action: {
        label: approve ? 'Ver salas abertas' : 'Reenviar documentos',
        url: `${config.baseUrl}${approve ? '/participate' : '/profile?tab=verificacao'}`,
      },
    }),
  );
  return getVerification({ db, userId });
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
