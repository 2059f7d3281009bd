/** LGPD deletion of an account: by its owner, with the password confirmed. */
import { verifyPassword } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  account,
  profiles,
  session,
  twoFactor,
  user,
  userSecurityLogs,
  verificacaoUsuario,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import { type ClientInfo, recordSecurityEvent } from '../security/security.service';
import { deleteSupportData } from '../support/support.service';

/** Deletes the caller's own account once their password is confirmed (LGPD). */
export async function deleteOwnAccount({
  db,
  storage,
  userId,
  password,
  client,
}: {
  db: Db;
  storage: FileStorage;
  userId: string;
  password: string;
  client: ClientInfo;
}) {
  const [credential] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  if (!credential?.password || !(await verifyPassword({ hash: credential.password, password }))) {
    throw new AppError('FORBIDDEN', { message: 'Senha incorreta.' });
  }
  await recordSecurityEvent(db, { userId, action: 'account_deletion', client });
  await deleteAccount({ db, storage, userId });
}

/**
 * LGPD deletion: personal data is anonymized and identity files removed; financial records (and the
 * security log, kept for the legally required period) stay linked to the anonymous account, and so
 * do the acceptances of the Termos and the Regulamento (the record of what the account agreed to).
 */
export async function deleteAccount({
  db,
  storage,
  userId,
}: {
  db: Db;
  storage: FileStorage;
  userId: string;
}) {
  const [verificationRow] = await db
    .select()
    .from(verificacaoUsuario)
    .where(eq(verificacaoUsuario.userId, userId));
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(user)
      .set({
        email: `excluido-${userId}@anonimo.invalid`,
        name: 'Conta excluída',
        image: null,
        emailVerified: false,
        twoFactorEnabled: false,
        updatedAt: now,
      })
      .where(eq(user.id, userId));
    await tx
      .update(profiles)
      .set({
        nomeCompleto: null,
        chavePix: null,
        chavePixTipo: null,
        cpf: null,
        telefone: null,
        dataNascimento: null,
        enderecoCompleto: null,
        isVerified: false,
        statusConta: 'inativo',
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(profiles.id, userId));
    await tx.delete(verificacaoUsuario).where(eq(verificacaoUsuario.userId, userId));
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
    await tx.delete(account).where(eq(account.userId, userId));
    await tx.delete(session).where(eq(session.userId, userId));
    await deleteSupportData(tx, userId);
    await tx
      .update(userSecurityLogs)
      .set({ userAgent: null })
      .where(eq(userSecurityLogs.userId, userId));
  });
  if (verificationRow) {
    await Promise.all([
      storage.delete(verificationRow.fotoDocumentoKey),
      storage.delete(verificationRow.selfieKey),
    ]);
  }
}
