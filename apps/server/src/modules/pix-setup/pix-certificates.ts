/**
 * The .p12/.pfx client certificates of the PIX provider: opening and checking an upload, and the
 * inventory behind the Certificados tab (list, re-read of validity, delete). The certificate and
 * its password stay sealed at rest (pix-config.store.ts).
 */
import { X509Certificate, createPrivateKey } from 'node:crypto';
import {
  type CertificateList,
  type CertificateRefreshResult,
  type StoredCertificate,
  certificateStatusOf,
  integrationMessages,
} from '@sorteio/shared';
import { and, desc, eq, inArray, not } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pixCertificates } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AuditActor } from '../audit/audit.service';
import { writeAudit } from '../audit/audit.service';
import { type PemKeyPair, p12ToPem } from '../payments';
import { type Sealers, type Tx, UNREADABLE } from './pix-config.store';

/** Certificates kept in the inventory; the oldest not in use go first. */
export const CERTIFICATES_KEPT = 10;
/** OID of the TLS client authentication extended key usage (RFC 5280 section 4.2.1.12). */
const CLIENT_AUTH_OID = '1.3.6.1.5.5.7.3.2';

type CertRow = typeof pixCertificates.$inferSelect;

/** Distinguished name as "CN=..., O=..." from node's multi-line form. */
function dn(text: string): string {
  return text.split('\n').filter(Boolean).join(', ');
}

/** Opens an uploaded .p12/.pfx with its password and checks it is a client certificate. */
export function inspectCertificate(der: Buffer, password: string) {
  let pem: PemKeyPair;
  try {
    pem = p12ToPem(der, password);
  } catch {
    throw new AppError('VALIDATION_ERROR', {
      message: integrationMessages.certificateWrongPassword,
      reason: 'CERTIFICATE_UNREADABLE',
    });
  }
  const leafPem = pem.cert.split(/(?=-----BEGIN CERTIFICATE-----)/)[0]!;
  const leaf = new X509Certificate(leafPem);
  if (!leaf.checkPrivateKey(createPrivateKey(pem.key)) || leaf.ca)
    throw new AppError('VALIDATION_ERROR', {
      message: integrationMessages.certificateNotClient,
      reason: 'CERTIFICATE_NOT_CLIENT',
    });
  // node lists the extended key usages; a certificate without the extension may serve any purpose.
  const usages = leaf.keyUsage as string[] | undefined;
  if (usages && usages.length > 0 && !usages.includes(CLIENT_AUTH_OID))
    throw new AppError('VALIDATION_ERROR', {
      message: integrationMessages.certificateNotClient,
      reason: 'CERTIFICATE_NOT_CLIENT',
    });
  return {
    pem,
    subject: dn(leaf.subject),
    issuer: dn(leaf.issuer),
    serialNumber: leaf.serialNumber.toLowerCase(),
    validFrom: new Date(leaf.validFrom),
    validTo: new Date(leaf.validTo),
  };
}

export type InspectedCertificate = ReturnType<typeof inspectCertificate>;

/** Re-opens a stored .p12 and reads its validity (the refresh of the Certificados tab). */
export function readValidity(der: Buffer, password: string): { validFrom: Date; validTo: Date } {
  const pem = p12ToPem(der, password);
  const leaf = new X509Certificate(pem.cert.split(/(?=-----BEGIN CERTIFICATE-----)/)[0]!);
  return { validFrom: new Date(leaf.validFrom), validTo: new Date(leaf.validTo) };
}

function storedCertificate(row: CertRow, now: Date): StoredCertificate {
  return {
    id: row.id,
    filename: row.filename,
    subject: row.subject,
    issuer: row.issuer,
    serialNumber: row.serialNumber,
    validFrom: row.validFrom.toISOString(),
    validTo: row.validTo.toISOString(),
    sizeBytes: row.sizeBytes,
    // From the certificate's own notAfter, so a certificate that expired overnight never shows
    // 'Ativo'; the stored status is what the last re-read of the file found.
    status: certificateStatusOf(row.validTo, now),
    uploadedAt: row.uploadedAt.toISOString(),
    inUse: row.inUse,
    checkedAt: row.statusCheckedAt.toISOString(),
    checkError: row.checkError,
  };
}

function listOf(rows: CertRow[], now = new Date()): CertificateList {
  const items = rows.map((r) => storedCertificate(r, now));
  const counts = { active: 0, expiring: 0, expired: 0 };
  for (const item of items) counts[item.status] += 1;
  return { items, counts };
}

/** The inventory of uploaded certificates with the counters by status. */
export async function listCertificates(db: Db): Promise<CertificateList> {
  const rows = await db
    .select()
    .from(pixCertificates)
    .orderBy(desc(pixCertificates.inUse), desc(pixCertificates.uploadedAt));
  return listOf(rows);
}

/** Adds a new upload to the inventory, in the transaction that stores it in the configuration. */
export async function addToInventory(
  tx: Tx,
  upload: {
    filename: string;
    sizeBytes: number;
    info: InspectedCertificate;
    certSealed: string;
    passwordSealed: string;
    uploadedBy: string;
    uploadedAt: Date;
  },
): Promise<void> {
  const { info, uploadedAt } = upload;
  // The inventory: this one in use, the others kept (the oldest beyond the cap go).
  await tx.update(pixCertificates).set({ inUse: false });
  await tx.insert(pixCertificates).values({
    filename: upload.filename,
    sizeBytes: upload.sizeBytes,
    subject: info.subject,
    issuer: info.issuer,
    serialNumber: info.serialNumber,
    validFrom: info.validFrom,
    validTo: info.validTo,
    status: certificateStatusOf(info.validTo, uploadedAt),
    statusCheckedAt: uploadedAt,
    certSealed: upload.certSealed,
    passwordSealed: upload.passwordSealed,
    inUse: true,
    uploadedBy: upload.uploadedBy,
    uploadedAt,
  });
  const old = await tx
    .select({ id: pixCertificates.id })
    .from(pixCertificates)
    .orderBy(desc(pixCertificates.uploadedAt))
    .offset(CERTIFICATES_KEPT);
  if (old.length > 0)
    await tx.delete(pixCertificates).where(
      and(
        inArray(
          pixCertificates.id,
          old.map((o) => o.id),
        ),
        not(pixCertificates.inUse),
      ),
    );
}

/** Re-opens every stored certificate, re-reads its validity and stores the status found. */
export async function refreshCertificates(
  db: Db,
  seal: Sealers,
  actor: AuditActor | null,
): Promise<CertificateRefreshResult> {
  const now = new Date();
  const rows = await db.select().from(pixCertificates);
  let changed = 0;
  let unreadable = 0;
  const changes: { id: string; filename: string; from: string; to: string }[] = [];
  await db.transaction(async (tx) => {
    for (const row of rows) {
      let values: Partial<CertRow>;
      try {
        const validity = readValidity(
          seal.cert.open(row.certSealed),
          seal.password.openText(row.passwordSealed),
        );
        values = {
          ...validity,
          status: certificateStatusOf(validity.validTo, now),
          checkError: null,
        };
      } catch {
        unreadable += 1;
        values = { status: certificateStatusOf(row.validTo, now), checkError: UNREADABLE };
      }
      values.statusCheckedAt = now;
      if (values.status !== row.status || values.checkError !== row.checkError) {
        changed += 1;
        changes.push({
          id: row.id,
          filename: row.filename,
          from: row.checkError ? 'unreadable' : row.status,
          to: values.checkError ? 'unreadable' : values.status!,
        });
      }
      await tx.update(pixCertificates).set(values).where(eq(pixCertificates.id, row.id));
    }
    if (actor)
      await writeAudit(tx, actor, {
        action: 'pix.certificates.refresh',
        targetType: 'pix_certificate',
        targetId: null,
        after: { checked: rows.length, changed, unreadable, changes },
      });
  });
  return { ...(await listCertificates(db)), checked: rows.length, changed, unreadable };
}

/** Deletes a certificate that is not in use. */
export async function deleteCertificate(
  db: Db,
  id: string,
  actor: AuditActor,
): Promise<CertificateList> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(pixCertificates)
      .where(eq(pixCertificates.id, id))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', { message: 'Certificado não encontrado.' });
    if (row.inUse)
      throw new AppError('CONFLICT', {
        message:
          'Este certificado está em uso. Envie outro ou remova a configuração antes de excluí-lo.',
      });
    await tx.delete(pixCertificates).where(eq(pixCertificates.id, id));
    await writeAudit(tx, actor, {
      action: 'pix.certificate.delete',
      targetType: 'pix_certificate',
      targetId: id,
      before: { filename: row.filename, serialNumber: row.serialNumber, subject: row.subject },
      after: null,
    });
  });
  return listCertificates(db);
}
