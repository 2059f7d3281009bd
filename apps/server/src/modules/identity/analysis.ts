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
  MIN_FACE_SHARPNESS,
  SELFIE_MIN_FACE_SHARE,
} from '@sorteio/shared';
import { eq } from 'drizzle-orm';
import { sharp } from '../../lib/sharp';
import { verificacaoUsuario } from '../../db/schema';
import { type DetectedFace, faceDistance } from './faces';
import { measureImage } from './quality';
import {
  type IdentityDeps,
  decide,
  documentDataCheck,
  qualityCheck,
  reuseChecks,
  sameSubmission,
} from './checks';

export type { IdentityDeps } from './checks';

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
