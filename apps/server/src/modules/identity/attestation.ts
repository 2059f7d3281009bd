/**
 * Staff attestation of an identity (spec 001 "add user / add employee" saves the account as
 * verified): allowed only to roles with identity.review, the same people who approve the
 * automated checks' doubtful cases. Everyone else's new accounts go through the normal checks.
 * The attestation row and its audit row are written in the caller's transaction, so a verified
 * account without its attestation cannot exist.
 */
import {
  type Attestation,
  type AttestationDocument,
  type SessionUser,
  attestationDocuments,
  attestationMessages,
  can,
} from '@sorteio/shared';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identityAttestations, profiles } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { type AuditActor, writeAudit } from '../audit/audit.service';
import type { DbOrTx } from '../../db/client';

/** Refuses an attestation by a role that may not review identities (before anything is written). */
export function assertMayAttest(staff: SessionUser): void {
  if (!can(staff.role, 'identity.review'))
    throw new AppError('FORBIDDEN', { message: attestationMessages.forbidden });
}

export async function recordAttestation(
  tx: DbOrTx,
  {
    userId,
    staff,
    actor,
    documents,
    note,
  }: {
    userId: string;
    staff: SessionUser;
    actor: AuditActor;
    documents: readonly AttestationDocument[];
    note: string;
  },
): Promise<void> {
  assertMayAttest(staff);
  if (!attestationDocuments.every((d) => documents.includes(d)))
    throw new AppError('VALIDATION_ERROR', { message: attestationMessages.allDocuments });
  const seen = attestationDocuments.filter((d) => documents.includes(d));
  const [row] = await tx
    .insert(identityAttestations)
    .values({
      userId,
      attestedBy: staff.id,
      attestedByEmail: actor.email,
      attestedByRole: actor.role,
      documents: seen,
      note,
    })
    .returning({ id: identityAttestations.id, attestedAt: identityAttestations.attestedAt });
  await writeAudit(tx, actor, {
    action: 'identity.attest',
    targetType: 'user',
    targetId: userId,
    after: {
      attestationId: row!.id,
      documents: seen,
      note,
      attestedAt: row!.attestedAt.toISOString(),
    },
  });
}

/** The latest attestation of an account, or null when it was never attested by staff. */
export async function findAttestation(db: Db, userId: string): Promise<Attestation | null> {
  const [row] = await db
    .select({ a: identityAttestations, name: profiles.nomeCompleto })
    .from(identityAttestations)
    .leftJoin(profiles, eq(profiles.id, identityAttestations.attestedBy))
    .where(eq(identityAttestations.userId, userId))
    .orderBy(desc(identityAttestations.attestedAt))
    .limit(1);
  if (!row) return null;
  return {
    attestedBy: row.a.attestedBy,
    attestedByName: row.name ?? row.a.attestedByEmail,
    attestedByRole: row.a.attestedByRole,
    attestedAt: row.a.attestedAt.toISOString(),
    documents: row.a.documents.filter((d): d is AttestationDocument =>
      (attestationDocuments as readonly string[]).includes(d),
    ),
    note: row.a.note,
  };
}
