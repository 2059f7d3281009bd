/**
 * The identity review of the administrator area: the queue of documents sent, and the review of
 * one person's documents. Every review writes its audit row in the same transaction.
 */
import { type Role, type SessionUser, canSeeStaffAccounts, viewField } from '@sorteio/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { profiles, user, verificacaoUsuario } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../mail/mail.service';
import { renderMail } from '../mail';
import { getVerification } from '../identity/identity.service';
import { type AuditActor, writeAudit } from '../audit/audit.service';

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
