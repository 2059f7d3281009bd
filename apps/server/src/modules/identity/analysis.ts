/**
 * The automated identity analysis of one submission: faces (one sharp face in the selfie, a face on
 * the document, the two compared), document data read by OCR against the profile, image quality,
 * the same picture sent twice or already used by another account. Every check's result and score
 * is stored with the verification; the account is verified automatically only when every check
 * passed and the setting allows it, otherwise the case waits for staff ('pendente').
 * Face descriptors never leave memory: only the distance between them is kept (LGPD art. 11).
 */
import {
  FACE_MATCH_MAX_DISTANCE,
  FACE_MIN_CONFIDENCE,
  type IdentityAnalysis,
  type IdentityCheck,
  MAX_BRIGHTNESS,
  MIN_BRIGHTNESS,
  MIN_FACE_SHARPNESS,
  MIN_SHARPNESS,
  SAME_IMAGE_MAX_HAMMING,
  SELFIE_MIN_FACE_SHARE,
  maskCpf,
  playerPendingReasons,
} from '@sorteio/shared';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { sharp } from '../../lib/sharp';
import type { Db } from '../../db/client';
import { profiles, user, verificacaoUsuario } from '../../db/schema';
import type { FileStorage } from '../../lib/storage';
import type { Mailer } from '../mail/mail.service';
import { renderMail } from '../mail';
import { getSetting } from '../settings/settings.service';
import { type DetectedFace, type FaceEngine, faceDistance } from './faces';
import { type OcrEngine, extractDocumentFields } from './ocr';
import { type ImageMeasures, hammingDistance, measureImage } from './quality';

export interface IdentityDeps {
  db: Db;
  storage: FileStorage;
  faces: FaceEngine;
  /** The OCR engine, or null when none is installed (the document-data check is then not done). */
  ocr: () => Promise<OcrEngine | null>;
  mailer: Mailer;
  baseUrl: string;
}

export function queuedAnalysis(): IdentityAnalysis {
  return {
    state: 'na_fila',
    progress: 0,
    step: 'Na fila para a verificação automática',
    checks: [],
    ocr: null,
    outcome: null,
    reasons: [],
    durationMs: null,
    finishedAt: null,
  };
}

const brDate = (iso: string) => iso.split('-').reverse().join('/');

function largest(faces: DetectedFace[]): DetectedFace | null {
  return faces.reduce<DetectedFace | null>(
    (best, f) =>
      !best || f.box.width * f.box.height > best.box.width * best.box.height ? f : best,
    null,
  );
}

/** Sharpness of the face region only (a sharp background must not hide a blurred face). */
async function faceSharpness(image: Buffer, face: DetectedFace, scaledWidth: number) {
  const meta = await sharp(image).metadata();
  const k = (meta.width ?? scaledWidth) / scaledWidth;
  const left = Math.max(0, Math.floor(face.box.x * k));
  const top = Math.max(0, Math.floor(face.box.y * k));
  const width = Math.min((meta.width ?? 0) - left, Math.ceil(face.box.width * k));
  const height = Math.min((meta.height ?? 0) - top, Math.ceil(face.box.height * k));
  if (width < 8 || height < 8) return 0;
  const crop = await sharp(image).extract({ left, top, width, height }).png().toBuffer();
  return (await measureImage(crop)).sharpness;
}

/**
 * Runs the analysis of the user's current submission if it is waiting, stores it, decides, and
 * mails the player. Safe to run twice (a retried job): a finished analysis is left alone.
 */
/**
 * The submission an analysis started on. A stored time may carry microseconds that a JS Date
 * drops (a row whose time came from the database's now()), so both sides are compared to the ms.
 */
const sameSubmission = (userId: string, submittedAt: Date) =>
  and(
    eq(verificacaoUsuario.userId, userId),
    sql`date_trunc('milliseconds', ${verificacaoUsuario.submittedAt}) = ${submittedAt.toISOString()}::timestamptz`,
  );

export async function analyzeVerification(
  deps: IdentityDeps,
  userId: string,
): Promise<IdentityAnalysis | null> {
  const { db, storage } = deps;
  const [row] = await db
    .select()
    .from(verificacaoUsuario)
    .where(eq(verificacaoUsuario.userId, userId));
  if (!row || !row.analise || row.analise.state === 'concluida' || row.analise.state === 'falhou')
    return null;
  if (row.statusVerificacao !== 'pendente') return null;
  const submittedAt = row.submittedAt;
  const started = performance.now();
  const analysis: IdentityAnalysis = { ...queuedAnalysis(), state: 'em_andamento' };
  // Progress is written only while this submission is still the current one.
  const save = async (progress: number, step: string | null) => {
    analysis.progress = progress;
    analysis.step = step;
    await db
      .update(verificacaoUsuario)
      .set({ analise: { ...analysis } })
      .where(sameSubmission(userId, submittedAt));
  };

  try {
    await save(5, 'Lendo as imagens');
    const [doc, selfie] = await Promise.all([
      storage.get(row.fotoDocumentoKey),
      storage.get(row.selfieKey),
    ]);
    if (!doc || !selfie) throw new Error('stored images not found');
    const [docQ, selfieQ] = await Promise.all([measureImage(doc.data), measureImage(selfie.data)]);
    analysis.checks.push(qualityCheck(docQ, selfieQ));

    await save(20, 'Procurando o rosto na selfie');
    const selfieFaces = await deps.faces.detect(selfie.data, {
      minConfidence: FACE_MIN_CONFIDENCE,
    });
    const selfieFace = selfieFaces.faces.length === 1 ? selfieFaces.faces[0]! : null;
    let selfieCheck: IdentityCheck;
    if (selfieFaces.faces.length !== 1) {
      selfieCheck = {
        id: 'rosto_selfie',
        result: 'reprovado',
        score: selfieFaces.faces.length,
        threshold: 1,
        detail:
          selfieFaces.faces.length === 0
            ? 'Nenhum rosto encontrado na selfie.'
            : `${selfieFaces.faces.length} rostos encontrados na selfie; deve haver exatamente um.`,
        playerReason:
          selfieFaces.faces.length === 0
            ? 'não encontramos um rosto na selfie'
            : 'há mais de um rosto na selfie',
      };
    } else {
      const share =
        Math.min(selfieFace!.box.width, selfieFace!.box.height) /
        Math.min(selfieFaces.width, selfieFaces.height);
      const sharpness = await faceSharpness(selfie.data, selfieFace!, selfieFaces.width);
      const bigEnough = share >= SELFIE_MIN_FACE_SHARE;
      const sharpEnough = sharpness >= MIN_FACE_SHARPNESS;
      selfieCheck = {
        id: 'rosto_selfie',
        result: bigEnough && sharpEnough ? 'aprovado' : 'reprovado',
        score: Math.round(share * 100) / 100,
        threshold: SELFIE_MIN_FACE_SHARE,
        detail: !bigEnough
          ? `Rosto pequeno demais na selfie (${Math.round(share * 100)}% da imagem; mínimo ${SELFIE_MIN_FACE_SHARE * 100}%).`
          : !sharpEnough
            ? `Rosto desfocado na selfie (nitidez ${Math.round(sharpness)}; mínimo ${MIN_FACE_SHARPNESS}).`
            : `Um rosto (confiança ${selfieFace!.score.toFixed(2)}, ${Math.round(share * 100)}% da imagem, nitidez ${Math.round(sharpness)}).`,
        ...(bigEnough && sharpEnough
          ? {}
          : {
              playerReason: !bigEnough
                ? 'o rosto aparece pequeno demais na selfie'
                : 'o rosto está desfocado na selfie',
            }),
      };
    }
    analysis.checks.push(selfieCheck);

    await save(45, 'Procurando o rosto no documento');
    const docFaces = await deps.faces.detect(doc.data, { minConfidence: FACE_MIN_CONFIDENCE });
    const docFace = largest(docFaces.faces);
    analysis.checks.push({
      id: 'rosto_documento',
      result: docFace ? 'aprovado' : 'reprovado',
      score: docFaces.faces.length,
      threshold: 1,
      detail: docFace
        ? `Rosto encontrado no documento (confiança ${docFace.score.toFixed(2)}).`
        : 'Nenhum rosto encontrado na foto do documento.',
    });

    await save(65, 'Comparando os rostos');
    const faceToCompare = selfieFace ?? largest(selfieFaces.faces);
    if (faceToCompare && docFace) {
      const distance = faceDistance(faceToCompare.descriptor, docFace.descriptor);
      const same = distance <= FACE_MATCH_MAX_DISTANCE;
      analysis.checks.push({
        id: 'comparacao_faces',
        result: same && selfieFace ? 'aprovado' : 'reprovado',
        score: Math.round(distance * 1000) / 1000,
        threshold: FACE_MATCH_MAX_DISTANCE,
        detail: same
          ? `Os rostos conferem (distância ${distance.toFixed(3)}; limite ${FACE_MATCH_MAX_DISTANCE}).`
          : `Os rostos não conferem (distância ${distance.toFixed(3)}; limite ${FACE_MATCH_MAX_DISTANCE}).`,
      });
    } else {
      analysis.checks.push({
        id: 'comparacao_faces',
        result: 'nao_realizado',
        score: null,
        threshold: FACE_MATCH_MAX_DISTANCE,
        detail: 'Sem um rosto em cada imagem não há o que comparar.',
      });
    }

    await save(80, 'Lendo os dados do documento');
    analysis.checks.push(await documentDataCheck(deps, userId, doc.data, analysis));

    await save(92, 'Conferindo imagens repetidas');
    analysis.checks.push(...(await reuseChecks(db, userId, docQ.hash, selfieQ.hash)));
    await db
      .update(verificacaoUsuario)
      .set({ documentoHash: docQ.hash, selfieHash: selfieQ.hash })
      .where(sameSubmission(userId, submittedAt));
  } catch (error) {
    analysis.state = 'falhou';
    analysis.reasons = [`A verificação automática falhou: ${(error as Error).message}`];
  }
  return decide(deps, userId, submittedAt, analysis, started);
}

function qualityCheck(doc: ImageMeasures, selfie: ImageMeasures): IdentityCheck {
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

async function documentDataCheck(
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

async function reuseChecks(
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

async function decide(
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
