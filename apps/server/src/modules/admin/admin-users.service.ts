/**
 * Staff over player accounts (spec 001 "Admin users tab"): search and paging, and the user detail
 * with identity review. Changes to an account: admin-user-changes.service.ts; the identity review
 * queue: admin-identity-review.service.ts.
 */
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
  onlyDigits,
  roleSchema,
  viewField,
} from '@sorteio/shared';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  participacoes,
  profiles,
  salas,
  user,
  userActivity,
  userSecurityLogs,
  verificacaoUsuario,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { walletOf } from '../wallet';
import { escapeLike } from '../audit/audit.service';
import { responsiblePlaySummary } from '../responsible-play/responsible-play.service';
import { findAttestation } from '../identity';
import { isAwaitingPassword } from './set-password-link.service';

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
