/**
 * The checks of one identity submission, each with its result and score: image quality, the
 * document's data read by OCR against the profile, the same picture sent twice or used by another
 * account; and the decision that stores them and verifies the account or waits for staff.
 */
import {
  type IdentityAnalysis,
  type IdentityCheck,
  MAX_BRIGHTNESS,
  MIN_BRIGHTNESS,
  MIN_SHARPNESS,
  SAME_IMAGE_MAX_HAMMING,
  maskCpf,
  playerPendingReasons,
} from '@sorteio/shared';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles, user, verificacaoUsuario } from '../../db/schema';
import type { FileStorage } from '../../lib/storage';
import { renderMail } from '../mail';
import type { Mailer } from '../mail/mail.service';
import { getSetting } from '../settings/settings.service';
import type { FaceEngine } from './faces';
import { type OcrEngine, extractDocumentFields } from './ocr';
import { type ImageMeasures, hammingDistance } from './quality';

export interface IdentityDeps {
  db: Db;
  storage: FileStorage;
  faces: FaceEngine;
  /** The OCR engine, or null when none is installed (the document-data check is then not done). */
  ocr: () => Promise<OcrEngine | null>;
  mailer: Mailer;
  baseUrl: string;
}

const brDate = (iso: string) => iso.split('-').reverse().join('/');

export const sameSubmission = (userId: string, submittedAt: Date) =>
  and(
    eq(verificacaoUsuario.userId, userId),
    sql`date_trunc('milliseconds', ${verificacaoUsuario.submittedAt}) = ${submittedAt.toISOString()}::timestamptz`,
  );

export function qualityCheck(doc: ImageMeasures, selfie: ImageMeasures): IdentityCheck {
  const problems: string[] = [];
  const forPlayer: string[] = [];
  for (const [name, photo, m] of [
    ['documento', 'a foto do documento', doc],
    ['selfie', 'a selfie', selfie],
  ] as const) {
    if (m.contrast < 12) {
      problems.push(`${name} sem conteúdo (imagem quase lisa)`);
      forPlayer.push(`${photo} está quase lisa, sem conteúdo visível`);
    } else if (m.sharpness < MIN_SHARPNESS) {
      problems.push(`${name} desfocado (nitidez ${Math.round(m.sharpness)})`);
      forPlayer.push(`${photo} está desfocada`);
    }
    if (m.brightness < MIN_BRIGHTNESS) {
      problems.push(`${name} escuro demais`);
      forPlayer.push(`${photo} está escura demais`);
    }
    if (m.brightness > MAX_BRIGHTNESS) {
      problems.push(`${name} claro demais`);
      forPlayer.push(`${photo} está clara demais`);
    }
  }
  const sharpness = Math.round(Math.min(doc.sharpness, selfie.sharpness));
  return {
    id: 'qualidade_imagens',
    result: problems.length === 0 ? 'aprovado' : 'reprovado',
    score: sharpness,
    threshold: MIN_SHARPNESS,
    ...(forPlayer.length > 0 ? { playerReason: forPlayer.join('; ') } : {}),
    detail:
      problems.length === 0
        ? `Nitidez mínima ${sharpness}; brilho ${Math.round(doc.brightness)} e ${Math.round(selfie.brightness)}.`
        : `${problems.join('; ')}.`,
  };
}

export async function documentDataCheck(
  deps: IdentityDeps,
  userId: string,
  image: Buffer,
  analysis: IdentityAnalysis,
): Promise<IdentityCheck> {
  const engine = await deps.ocr();
  const notDone = (detail: string): IdentityCheck => ({
    id: 'dados_documento',
    result: 'nao_realizado',
    score: null,
    threshold: null,
    detail,
    playerReason: 'a leitura automática do documento não está disponível agora',
  });
  if (!engine) return notDone('Leitura do documento (OCR) não disponível neste servidor.');
  const [profile] = await deps.db
    .select({ cpf: profiles.cpf, dataNascimento: profiles.dataNascimento })
    .from(profiles)
    .where(eq(profiles.id, userId));
  let text: string;
  try {
    text = await engine.read(image);
  } catch (error) {
    // A full queue or a read past its time limit: staff read the document instead.
    return notDone(`A leitura do documento (OCR) falhou: ${(error as Error).message}.`);
  }
  const found = extractDocumentFields(text);
  const cpfMatch = Boolean(profile?.cpf && found.cpfs.includes(profile.cpf));
  const dateMatch = Boolean(
    profile?.dataNascimento && found.dates.includes(profile.dataNascimento),
  );
  const cpfRead = cpfMatch ? profile!.cpf : (found.cpfs[0] ?? null);
  const dateRead = dateMatch ? profile!.dataNascimento : (found.dates[0] ?? null);
  analysis.ocr = { cpf: cpfRead, dataNascimento: dateRead, engine: engine.name };
  const parts = [
    cpfRead
      ? `CPF lido ${maskCpf(cpfRead)}${cpfMatch ? ' confere' : ' não confere com o perfil'}`
      : 'nenhum CPF legível',
    dateRead
      ? `nascimento lido ${brDate(dateRead)}${dateMatch ? ' confere' : ' não confere com o perfil'}`
      : 'nenhuma data de nascimento legível',
  ];
  const playerParts = [
    cpfMatch
      ? null
      : cpfRead
        ? 'o CPF lido no documento não confere com o do seu cadastro'
        : 'não conseguimos ler o CPF na foto do documento',
    dateMatch
      ? null
      : dateRead
        ? 'a data de nascimento lida no documento não confere com a do seu cadastro'
        : 'não conseguimos ler a data de nascimento na foto do documento',
  ].filter((p): p is string => p !== null);
  return {
    id: 'dados_documento',
    result: cpfMatch && dateMatch ? 'aprovado' : 'reprovado',
    ...(playerParts.length > 0 ? { playerReason: playerParts.join('; ') } : {}),
    score: Number(cpfMatch) + Number(dateMatch),
    threshold: 2,
    detail: `${parts.join('; ')}.`.replace(/^./, (c) => c.toUpperCase()),
  };
}

export async function reuseChecks(
  db: Db,
  userId: string,
  docHash: string,
  selfieHash: string,
): Promise<IdentityCheck[]> {
  const between = hammingDistance(docHash, selfieHash);
  const distinct: IdentityCheck = {
    id: 'imagens_distintas',
    result: between > SAME_IMAGE_MAX_HAMMING ? 'aprovado' : 'reprovado',
    score: between,
    threshold: SAME_IMAGE_MAX_HAMMING,
    detail:
      between > SAME_IMAGE_MAX_HAMMING
        ? `Documento e selfie são imagens diferentes (distância ${between} de 64).`
        : `A mesma imagem foi enviada como documento e como selfie (distância ${between} de 64).`,
  };
  // Every other account's stored hashes (a few bytes each); a hash index would serve millions.
  const others = await db
    .select({ doc: verificacaoUsuario.documentoHash, selfie: verificacaoUsuario.selfieHash })
    .from(verificacaoUsuario)
    .where(and(ne(verificacaoUsuario.userId, userId), isNotNull(verificacaoUsuario.documentoHash)));
  let nearest = 64;
  for (const o of others) {
    for (const h of [o.doc, o.selfie]) {
      if (!h) continue;
      nearest = Math.min(nearest, hammingDistance(h, docHash), hammingDistance(h, selfieHash));
    }
  }
  const reused = nearest <= SAME_IMAGE_MAX_HAMMING;
  return [
    distinct,
    {
      id: 'imagem_inedita',
      result: reused ? 'reprovado' : 'aprovado',
      score: others.length === 0 ? null : nearest,
      threshold: SAME_IMAGE_MAX_HAMMING,
      detail: reused
        ? `Uma das imagens já foi enviada por outra conta (distância ${nearest} de 64).`
        : 'Nenhuma das imagens foi usada por outra conta.',
    },
  ];
}

export async function decide(
  deps: IdentityDeps,
  userId: string,
  submittedAt: Date,
  analysis: IdentityAnalysis,
  started: number,
): Promise<IdentityAnalysis | null> {
  const { db } = deps;
  const failed = analysis.checks.filter((c) => c.result !== 'aprovado');
  if (analysis.state !== 'falhou') {
    analysis.state = 'concluida';
    analysis.reasons = failed.map((c) => c.detail);
  }
  const autoApprove = await getSetting(db, 'verification.autoApprove');
  const approve = analysis.state === 'concluida' && failed.length === 0 && autoApprove;
  if (analysis.state === 'concluida' && failed.length === 0 && !autoApprove)
    analysis.reasons = ['A aprovação automática está desligada nas configurações.'];
  analysis.outcome = approve ? 'aprovado_automaticamente' : 'revisao_manual';
  analysis.progress = 100;
  analysis.step = null;
  analysis.durationMs = Math.round(performance.now() - started);
  analysis.finishedAt = new Date().toISOString();
  const now = new Date();
  const email = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: verificacaoUsuario.statusVerificacao, email: user.email })
      .from(verificacaoUsuario)
      .innerJoin(user, eq(user.id, verificacaoUsuario.userId))
      .where(sameSubmission(userId, submittedAt))
      .for('update');
    // Replaced by a newer submission, or decided by staff meanwhile: nothing to do.
    if (!current || current.status !== 'pendente') return null;
    await tx
      .update(verificacaoUsuario)
      .set({
        analise: analysis,
        ...(approve ? { statusVerificacao: 'verificado' as const, reviewedAt: now } : {}),
      })
      .where(eq(verificacaoUsuario.userId, userId));
    if (approve)
      await tx
        .update(profiles)
        .set({ isVerified: true, updatedAt: now })
        .where(eq(profiles.id, userId));
    return current.email;
  });
  if (!email) return null;
  await deps.mailer.send(
    approve
      ? renderMail({
          to: email,
          subject: 'Sua identidade foi verificada — Sorteio Certo',
          heading: 'Identidade verificada',
          paragraphs: ['Sua conta está verificada: você já pode participar das salas.'],
          action: { label: 'Ver salas abertas', url: `${deps.baseUrl}/participate` },
        })
      : renderMail({
          to: email,
          subject: 'Seus documentos estão em análise — Sorteio Certo',
          heading: 'Documentos em análise',
          paragraphs: [
            'Recebemos sua foto do documento e sua selfie. A verificação automática não conseguiu concluir tudo, então nossa equipe vai analisar seus documentos.',
            ...playerPendingReasons(analysis).map(
              (reason) => `Pendente: ${reason.replace(/^./, (c) => c.toUpperCase())}.`,
            ),
            'A análise pode levar alguns dias. Avisaremos por e-mail quando ela terminar.',
          ],
          action: {
            label: 'Acompanhar verificação',
            url: `${deps.baseUrl}/profile?tab=verificacao`,
          },
        }),
  );
  return analysis;
}
