/**
 * The player's identity check: the state of their verification, the document photo and selfie
 * they send (instant checks here, the automated analysis queued to analysis.ts), and the files
 * they may see again. Functions take one options object.
 */
import { randomUUID } from 'node:crypto';
import {
  MIN_AGE,
  type Verification,
  ageOn,
  isValidCpf,
  onlyDigits,
  playerPendingReasons,
} from '@sorteio/shared';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles, verificacaoUsuario } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import { type ClientInfo, recordSecurityEvent } from '../security/security.service';
import { queuedAnalysis } from './analysis';
import { sanitizeImage } from './sanitize';

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
 * metadata, and queues the automated analysis (faces, OCR, quality, reuse: analysis.ts), which
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
  client,
}: {
  db: Db;
  storage: FileStorage;
  userId: string;
  fields: { tipoDocumento: 'rg' | 'cpf' | 'cnh'; numeroDocumento: string };
  documento: UploadedImage | undefined;
  selfie: UploadedImage | undefined;
  /** Queues the automated analysis of the stored submission. */
  analyze: (userId: string) => Promise<void>;
  /** Where the submission came from, for the security log. */
  client: ClientInfo;
}): Promise<Verification> {
  const docImage = await sanitizeImage(documento?.data, 'do documento');
  const selfieImage = await sanitizeImage(selfie?.data, 'da selfie');
  // The profile's own columns (not the profile service, which exports this verification).
  const [profile] = await db
    .select({
      isVerified: profiles.isVerified,
      nomeCompleto: profiles.nomeCompleto,
      cpf: profiles.cpf,
      dataNascimento: profiles.dataNascimento,
    })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (profile?.isVerified)
    throw new AppError('CONFLICT', { message: 'Sua identidade já foi verificada.' });
  if (!profile?.nomeCompleto || !profile.cpf || !profile.dataNascimento) {
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
  await recordSecurityEvent(db, { userId, action: 'document_verification_submitted', client });
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
