/**
 * Staff reading a person's identity document or selfie is access to sensitive personal data (LGPD
 * art. 11): every read is on the staff audit log (who, whose, which file, when), and the person
 * sees "A equipe consultou seus documentos" in their own security log. Both rows are written in one
 * transaction before the file is sent, so a file never leaves without its record.
 */
import type { Db } from '../../db/client';
import { userSecurityLogs } from '../../db/schema';
import { loggedRecently } from '../security/security.service';
import { type AuditActor, writeAudit } from '../audit/audit.service';

/**
 * One review opens the document and the selfie together (and may reopen them): the person's log
 * gets one line per window instead of one per image; the audit log keeps every read.
 */
export const DOCUMENT_ACCESS_NOTICE_WINDOW_MS = 10 * 60 * 1000;

export async function recordStaffDocumentRead(
  db: Db,
  actor: AuditActor,
  input: { userId: string; kind: 'documento' | 'selfie'; fileKey: string },
): Promise<void> {
  // Staff reading their own documents through the review screen: audited like any other read
  // (the review channel is on the record whoever the owner is), but there is no "team" to tell
  // the owner about.
  const notify =
    actor.id !== input.userId &&
    !(await loggedRecently(
      db,
      input.userId,
      'staff_document_access',
      DOCUMENT_ACCESS_NOTICE_WINDOW_MS,
    ));
  await db.transaction(async (tx) => {
    await writeAudit(tx, actor, {
      action: 'identity.document.read',
      targetType: 'user',
      targetId: input.userId,
      after: { file: input.kind, fileKey: input.fileKey },
    });
    // The staff member's address and device are not the person's: left out of their log.
    if (notify)
      await tx
        .insert(userSecurityLogs)
        .values({ userId: input.userId, actionType: 'staff_document_access' });
  });
}
