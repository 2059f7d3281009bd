/** Profiles, identity verification, LGPD export and deletion. Functions take one options object. */
import { randomUUID } from 'node:crypto';
import {
  MIN_AGE,
  type LegalAcceptanceExport,
  type Profile,
  type UpdateProfileInput,
  type Verification,
  ageOn,
  isValidCpf,
  normalizePixKey,
  onlyDigits,
  playerPendingReasons,
  type updateProfileInputSchema,
} from '@sorteio/shared';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  account,
  legalAcceptances,
  profiles,
  session,
  twoFactor,
  user,
  userActivity,
  userSecurityLogs,
  verificacaoUsuario,
} from '../../db/schema';
import { AppError, pgConstraint, pgErrorCode } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import { deleteSupportData, exportSupportData } from '../support/support.service';
import { queuedAnalysis, sanitizeImage } from '../identity';
import { exportAccountRecords } from './data-export';

/** Spec 000 section 8: the three uniqueness errors, chosen by constraint name. */
export const profileUniqueMessages: Record<string, string> = {
  profiles_chave_pix_key: 'Esta chave PIX já está sendo utilizada por outro usuário.',
  profiles_cpf_key: 'Este CPF já está sendo utilizado por outro usuário.',
  profiles_telefone_key: 'Este telefone já está sendo utilizado por outro usuário.',
};

async function ensureProfile(db: Db, userId: string) {
  await db.insert(profiles).values({ id: userId }).onConflictDoNothing();
}

export async function getProfile({ db, userId }: { db: Db; userId: string }): Promise<Profile> {
  const read = () =>
    db
      .select({ p: profiles, email: user.email, twoFactorEnabled: user.twoFactorEnabled })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(eq(profiles.id, userId));
  let [row] = await read();
  if (!row) {
    // Accounts get their profile row when created; this covers accounts from before that.
    await ensureProfile(db, userId);
    [row] = await read();
  }
  if (!row) throw new AppError('NOT_FOUND', { message: 'Perfil não encontrado.' });
  const p = row.p;
  return toProfile(p, row.email, Boolean(row.twoFactorEnabled));
}

function toProfile(
  p: typeof profiles.$inferSelect,
  email: string,
  twoFactorEnabled: boolean,
): Profile {
  return {
    id: p.id,
    email,
    nomeCompleto: p.nomeCompleto,
    chavePix: p.chavePix,
    chavePixTipo: p.chavePixTipo,
    telefone: p.telefone,
    cpf: p.cpf,
    anonimoNosGanhadores: p.anonimoNosGanhadores,
    dataNascimento: p.dataNascimento,
    enderecoCompleto: p.enderecoCompleto,
    isVerified: p.isVerified,
    twoFactorEnabled,
    statusConta: p.statusConta,
    createdAt: p.createdAt.toISOString(),
  };
}

export async function updateProfile({
  db,
  userId,
  input,
}: {
  db: Db;
  userId: string;
  input: z.output<typeof updateProfileInputSchema>;
}): Promise<Profile> {
  const pix = normalizePixKey(input.chavePixTipo, input.chavePix);
  if (!pix.ok) throw new AppError('VALIDATION_ERROR', { message: pix.message });
  const current = await getProfile({ db, userId });
  // Verified identity data is locked: it was checked against the documents.
  if (
    current.isVerified &&
    ((current.cpf ?? null) !== input.cpf ||
      (current.dataNascimento ?? null) !== input.dataNascimento)
  ) {
    throw new AppError('CONFLICT', {
      message:
        'CPF e data de nascimento já foram verificados e não podem ser alterados. Fale com o suporte.',
    });
  }
  try {
    await db
      .update(profiles)
      .set({
        nomeCompleto: input.nomeCompleto,
        chavePix: pix.value,
        chavePixTipo: input.chavePixTipo,
        cpf: input.cpf,
        telefone: input.telefone,
        dataNascimento: input.dataNascimento,
        enderecoCompleto: input.enderecoCompleto,
        updatedAt: new Date(),
      })
      .where(eq(profiles.id, userId));
  } catch (error) {
    if (pgErrorCode(error) === '23505') {
      const message =
        profileUniqueMessages[pgConstraint(error) ?? ''] ??
        'Dados duplicados detectados. Verifique as informações informadas.';
      throw new AppError('CONFLICT', { message, cause: error });
    }
    throw error;
  }
  return getProfile({ db, userId });
}

export type UpdateProfile = UpdateProfileInput;

export async function getVerification({
  db,
  userId,
}: {
  db: Db;
  userId: string;
}): Promise<Verification> {
  const [row] = await db
    .select()
    .from(verificacaoUsuario)
    .where(eq(verificacaoUsuario.userId, userId));
  if (!row) {
    return {
      status: 'nao_enviado',
      tipoDocumento: null,
      numeroDocumento: null,
      motivoRejeicao: null,
      submittedAt: null,
      hasDocument: false,
      hasSelfie: false,
      analise: null,
    };
  }
  return {
    status: row.statusVerificacao,
    tipoDocumento: row.tipoDocumento,
    numeroDocumento: row.numeroDocumento,
    motivoRejeicao: row.motivoRejeicao,
    submittedAt: row.submittedAt.toISOString(),
    hasDocument: Boolean(row.fotoDocumentoKey),
    hasSelfie: Boolean(row.selfieKey),
    analise: row.analise
      ? {
          state: row.analise.state,
          progress: row.analise.progress,
          step: row.analise.step,
          pendingReasons: playerPendingReasons(row.analise),
        }
      : null,
  };
}

export interface UploadedImage {
  data: Buffer;
  /** What the browser claimed; only used in messages, never trusted. */
  filename: string;
}

export function normalizeDocumentNumber(value: string): string {
  return value.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/**
 * Receives the document photo and the selfie, runs the instant checks (valid CPF, age 18+,
 * decodable images, document not used by another account), stores the images re-encoded without
 * metadata, and queues the automated analysis (faces, OCR, quality, reuse: modules/identity), which
 * verifies the account only when every check passes and the setting allows it.
 */
export async function submitVerification({
  db,
  storage,
  userId,
  fields,
  documento,
  selfie,
  analyze,
}: {
  db: Db;
  storage: FileStorage;
  userId: string;
  fields: { tipoDocumento: 'rg' | 'cpf' | 'cnh'; numeroDocumento: string };
  documento: UploadedImage | undefined;
  selfie: UploadedImage | undefined;
  /** Queues the automated analysis of the stored submission. */
  analyze: (userId: string) => Promise<void>;
}): Promise<Verification> {
  const docImage = await sanitizeImage(documento?.data, 'do documento');
  const selfieImage = await sanitizeImage(selfie?.data, 'da selfie');
  const profile = await getProfile({ db, userId });
  if (profile.isVerified)
    throw new AppError('CONFLICT', { message: 'Sua identidade já foi verificada.' });
  if (!profile.nomeCompleto || !profile.cpf || !profile.dataNascimento) {
    throw new AppError('VALIDATION_ERROR', {
      message:
        'Complete seus dados pessoais (nome completo, CPF e data de nascimento) na aba Perfil antes de enviar os documentos.',
    });
  }
  if (!isValidCpf(profile.cpf))
    throw new AppError('VALIDATION_ERROR', {
      message: 'O CPF do seu perfil é inválido. Corrija-o na aba Perfil.',
    });
  if (ageOn(profile.dataNascimento) < MIN_AGE) {
    throw new AppError('FORBIDDEN', {
      message: 'Você precisa ter 18 anos ou mais para usar a plataforma.',
    });
  }
  const numero = normalizeDocumentNumber(fields.numeroDocumento);
  if (fields.tipoDocumento === 'cpf') {
    if (!isValidCpf(numero))
      throw new AppError('VALIDATION_ERROR', {
        message: 'Número de CPF inválido: confira os dígitos verificadores.',
      });
    if (onlyDigits(numero) !== profile.cpf) {
      throw new AppError('VALIDATION_ERROR', {
        message: 'O CPF do documento não confere com o CPF do seu perfil.',
      });
    }
  }
  const [usedElsewhere] = await db
    .select({ id: verificacaoUsuario.id })
    .from(verificacaoUsuario)
    .where(
      and(
        eq(verificacaoUsuario.tipoDocumento, fields.tipoDocumento),
        eq(verificacaoUsuario.numeroDocumento, numero),
        ne(verificacaoUsuario.userId, userId),
        ne(verificacaoUsuario.statusVerificacao, 'rejeitado'),
      ),
    );
  if (usedElsewhere)
    throw new AppError('CONFLICT', { message: 'Este documento já está vinculado a outra conta.' });

  const status = 'pendente';
  const documentKey = `verification/${userId}/${randomUUID()}.jpg`;
  const selfieKey = `verification/${userId}/${randomUUID()}.jpg`;
  await storage.put(documentKey, docImage.data, docImage.mime);
  await storage.put(selfieKey, selfieImage.data, selfieImage.mime);

  const [previous] = await db
    .select()
    .from(verificacaoUsuario)
    .where(eq(verificacaoUsuario.userId, userId));
  const checks = {
    cpfValido: true,
    maiorDeIdade: true,
    imagensLegiveis: true,
    documentoUnico: true,
  };
  const analise = queuedAnalysis();
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .insert(verificacaoUsuario)
      .values({
        userId,
        tipoDocumento: fields.tipoDocumento,
        numeroDocumento: numero,
        fotoDocumentoKey: documentKey,
        selfieKey,
        statusVerificacao: status,
        checks,
        analise,
        documentoHash: null,
        selfieHash: null,
        submittedAt: now,
        reviewedAt: null,
      })
      .onConflictDoUpdate({
        target: verificacaoUsuario.userId,
        set: {
          tipoDocumento: fields.tipoDocumento,
          numeroDocumento: numero,
          fotoDocumentoKey: documentKey,
          selfieKey,
          statusVerificacao: status,
          motivoRejeicao: null,
          checks,
          analise,
          documentoHash: null,
          selfieHash: null,
          submittedAt: now,
          reviewedBy: null,
          reviewedAt: null,
        },
      });
  });
  // The answer is the submission as stored (queued), read before the analysis can start: the
  // screen follows its progress from there.
  const submitted = await getVerification({ db, userId });
  await analyze(userId);
  if (previous) {
    await Promise.all([
      storage.delete(previous.fotoDocumentoKey),
      storage.delete(previous.selfieKey),
    ]);
  }
  return submitted;
}

export async function reviewVerification({
  db,
  userId,
  reviewerId,
  decision,
}: {
  db: Db;
  userId: string;
  reviewerId: string;
  decision: { decision: 'aprovar' } | { decision: 'rejeitar'; motivo: string };
}): Promise<Verification> {
  const [row] = await db
    .select({ id: verificacaoUsuario.id })
    .from(verificacaoUsuario)
    .where(eq(verificacaoUsuario.userId, userId));
  if (!row)
    throw new AppError('NOT_FOUND', { message: 'Nenhuma verificação enviada por este usuário.' });
  const now = new Date();
  const approve = decision.decision === 'aprovar';
  await db.transaction(async (tx) => {
    await tx
      .update(verificacaoUsuario)
      .set({
        statusVerificacao: approve ? 'verificado' : 'rejeitado',
        motivoRejeicao: approve ? null : decision.motivo,
        reviewedBy: reviewerId,
        reviewedAt: now,
      })
      .where(eq(verificacaoUsuario.userId, userId));
    await tx
      .update(profiles)
      .set({ isVerified: approve, updatedAt: now })
      .where(eq(profiles.id, userId));
  });
  return getVerification({ db, userId });
}

export async function readVerificationFile({
  db,
  storage,
  userId,
  kind,
}: {
  db: Db;
  storage: FileStorage;
  userId: string;
  kind: 'documento' | 'selfie';
}) {
  const [row] = await db
    .select()
    .from(verificacaoUsuario)
    .where(eq(verificacaoUsuario.userId, userId));
  if (!row) throw new AppError('NOT_FOUND', { message: 'Arquivo não encontrado.' });
  const key = kind === 'documento' ? row.fotoDocumentoKey : row.selfieKey;
  const file = await storage.get(key);
  if (!file) throw new AppError('NOT_FOUND', { message: 'Arquivo não encontrado.' });
  // The key names the exact file read (a new submission gets new keys): for the audit log.
  return { ...file, key };
}

/** LGPD: everything the platform holds about the person, as JSON. */
export async function exportPersonalData({ db, userId }: { db: Db; userId: string }) {
  const [u] = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt,
      role: user.role,
    })
    .from(user)
    .where(eq(user.id, userId));
  const profile = await getProfile({ db, userId });
  const verification = await getVerification({ db, userId });
  const logs = await db
    .select()
    .from(userSecurityLogs)
    .where(eq(userSecurityLogs.userId, userId))
    .orderBy(desc(userSecurityLogs.timestamp));
  const sessions = await db
    .select({
      createdAt: session.createdAt,
      expiresAt: session.expiresAt,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
    })
    .from(session)
    .where(eq(session.userId, userId));
  const [activity] = await db.select().from(userActivity).where(eq(userActivity.userId, userId));
  const acceptances = await db
    .select()
    .from(legalAcceptances)
    .where(eq(legalAcceptances.userId, userId))
    .orderBy(desc(legalAcceptances.acceptedAt));
  return {
    geradoEm: new Date().toISOString(),
    conta: u ? { ...u, createdAt: u.createdAt.toISOString() } : null,
    perfil: profile,
    verificacao: verification,
    ultimaAtividade: activity?.lastActivity.toISOString() ?? null,
    sessoesAtivas: sessions.map((s) => ({
      ...s,
      createdAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
    })),
    /** The Termos de Uso and Regulamento dos Sorteios accepted (versions, time, address). */
    aceitesDeTermos: acceptances.map((a): LegalAcceptanceExport => ({
      termsVersion: a.termsVersion,
      rulesVersion: a.rulesVersion,
      acceptedAt: a.acceptedAt.toISOString(),
      ip: a.ipAddress,
    })),
    ...(await exportSupportData(db, userId)),
    ...(await exportAccountRecords(db, userId)),
    registrosDeSeguranca: logs.map((l) => ({
      acao: l.actionType,
      ip: l.ipAddress,
      cidade: l.city,
      estado: l.region,
      pais: l.country,
      navegador: l.userAgent,
      suspeito: l.isSuspicious,
      data: l.timestamp.toISOString(),
    })),
  };
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
