/**
 * Contracts of the automated identity checks: what the server found about a document photo and a
 * selfie (faces, document data read by OCR, image quality and reuse) and how the case was decided.
 * The player sees the progress; staff see every check with its score in the user detail. Also the
 * staff attestation of an identity seen in person, which stands in for the automated checks.
 */
import { z } from 'zod';

/**
 * Largest Euclidean distance between two 128-number face descriptors for "the same person"
 * (the threshold documented by the face-recognition model: 0.6; we use a stricter 0.5).
 */
export const FACE_MATCH_MAX_DISTANCE = 0.5;
/** Smallest face in the selfie, as a share of the image's shorter side. */
export const SELFIE_MIN_FACE_SHARE = 0.2;
/** Smallest detector confidence for a face to count. */
export const FACE_MIN_CONFIDENCE = 0.6;
/** Variance of the Laplacian below which an image is too blurred (on a 512-pixel copy). */
export const MIN_SHARPNESS = 40;
/** The same measure on the face region alone (skin is smooth: a lower bar than the whole image). */
export const MIN_FACE_SHARPNESS = 15;
/** Mean brightness (0-255) below which an image is too dark, above which it is washed out. */
export const MIN_BRIGHTNESS = 40;
export const MAX_BRIGHTNESS = 235;
/** Perceptual hashes (64 bits) closer than this are the same picture. */
export const SAME_IMAGE_MAX_HAMMING = 8;

export const identityCheckIds = [
  'rosto_selfie',
  'rosto_documento',
  'comparacao_faces',
  'dados_documento',
  'qualidade_imagens',
  'imagens_distintas',
  'imagem_inedita',
] as const;
export type IdentityCheckId = (typeof identityCheckIds)[number];

export const identityCheckLabels: Record<IdentityCheckId, string> = {
  rosto_selfie: 'Um rosto nítido na selfie',
  rosto_documento: 'Rosto na foto do documento',
  comparacao_faces: 'Selfie confere com o documento',
  dados_documento: 'CPF e nascimento lidos no documento',
  qualidade_imagens: 'Nitidez e iluminação',
  imagens_distintas: 'Documento e selfie são fotos diferentes',
  imagem_inedita: 'Imagens não usadas por outra conta',
};

export const identityCheckResults = ['aprovado', 'reprovado', 'nao_realizado'] as const;

export const identityCheckSchema = z.object({
  id: z.enum(identityCheckIds),
  result: z.enum(identityCheckResults),
  /** The measured value the result was decided on (a distance, a count, a sharpness...). */
  score: z.number().nullable(),
  /** The documented limit the score is compared with. */
  threshold: z.number().nullable(),
  /** Portuguese explanation for the reviewer. */
  detail: z.string(),
  /** What the player is told when this check sends the case to review (no scores). */
  playerReason: z.string().optional(),
});
export type IdentityCheck = z.infer<typeof identityCheckSchema>;

export const identityAnalysisStates = ['na_fila', 'em_andamento', 'concluida', 'falhou'] as const;

export const identityAnalysisSchema = z.object({
  state: z.enum(identityAnalysisStates),
  /** 0-100 while running. */
  progress: z.number().int().min(0).max(100),
  /** Portuguese name of the step being run. */
  step: z.string().nullable(),
  checks: z.array(identityCheckSchema),
  /** What the OCR read on the document (null when OCR is not installed or did not run). */
  ocr: z
    .object({
      cpf: z.string().nullable(),
      dataNascimento: z.string().nullable(),
      engine: z.string(),
    })
    .nullable(),
  outcome: z.enum(['aprovado_automaticamente', 'revisao_manual']).nullable(),
  /** Why the case went to review (Portuguese, one line each). */
  reasons: z.array(z.string()),
  durationMs: z.number().int().nullable(),
  finishedAt: z.string().nullable(),
});
export type IdentityAnalysis = z.infer<typeof identityAnalysisSchema>;

/** What the player is told when a check did not pass, for analyses stored without playerReason. */
export const identityCheckPlayerReasons: Record<IdentityCheckId, string> = {
  rosto_selfie: 'não encontramos um rosto nítido na selfie',
  rosto_documento: 'não encontramos o rosto na foto do documento',
  comparacao_faces: 'não conseguimos confirmar que a selfie e o documento são da mesma pessoa',
  dados_documento: 'não conseguimos ler o CPF e a data de nascimento na foto do documento',
  qualidade_imagens: 'uma das fotos está desfocada, escura ou clara demais',
  imagens_distintas: 'a mesma foto foi enviada como documento e como selfie',
  imagem_inedita: 'uma das fotos já foi enviada por outra conta',
};

/**
 * Why a case waits for staff, in the player's words: one line per check that did not pass (its
 * own playerReason, else the generic text of the check), or the reason the automated checks could
 * not decide. Empty while the checks run or when the case was approved.
 */
export function playerPendingReasons(analysis: IdentityAnalysis): string[] {
  if (analysis.state === 'falhou')
    return ['a verificação automática não pôde ser concluída (um erro do nosso lado)'];
  if (analysis.state !== 'concluida' || analysis.outcome !== 'revisao_manual') return [];
  const failed = analysis.checks.filter((c) => c.result !== 'aprovado');
  if (failed.length === 0)
    return ['a aprovação automática está desligada: nossa equipe confere cada documento'];
  return [...new Set(failed.map((c) => c.playerReason ?? identityCheckPlayerReasons[c.id]))];
}

/** What the player sees of the automated analysis: its progress and reasons, never the scores. */
export const identityProgressSchema = z.object({
  state: z.enum(identityAnalysisStates),
  progress: z.number().int().min(0).max(100),
  step: z.string().nullable(),
  /** Why the case went to manual review, in the player's words (playerPendingReasons). */
  pendingReasons: z.array(z.string()),
});
export type IdentityProgress = z.infer<typeof identityProgressSchema>;

/**
 * What a staff member attests to have seen in person (or on a live video call) when adding an
 * account as verified: every item is required. The account then skips the automated identity
 * checks; who attested, when, what was seen and the note are kept (identity_attestations) and
 * audited.
 */
export const attestationDocuments = ['documento_com_foto', 'cpf', 'selfie_presenca'] as const;
export type AttestationDocument = (typeof attestationDocuments)[number];
export const attestationDocumentLabels: Record<AttestationDocument, string> = {
  documento_com_foto: 'Documento com foto',
  cpf: 'CPF',
  selfie_presenca: 'Selfie/presença',
};
export const attestationMessages = {
  title: 'Atestar identidade',
  intro:
    'Marque somente o que você conferiu pessoalmente. A conta já nasce verificada e o atestado fica registrado em seu nome na auditoria.',
  notice:
    'Sem o atestado, a conta é criada sem verificação: a pessoa envia documento e selfie pelo perfil, como qualquer jogador.',
  allDocuments:
    'Para atestar, confirme que conferiu o documento com foto, o CPF e a selfie/presença.',
  cpfRequired: 'Informe o CPF conferido no documento.',
  birthDateRequired: 'Informe a data de nascimento conferida no documento.',
  forbidden: 'Somente quem revisa identidades pode atestar a verificação de uma conta.',
  noteLabel: 'Observação',
  birthDateLabel: 'Data de nascimento (conforme o documento)',
} as const;

export const attestationInputSchema = z.object({
  documents: z.array(z.enum(attestationDocuments)).max(attestationDocuments.length),
  dataNascimento: z.string().trim().max(10).optional(),
  note: z.string().trim().max(500, { error: 'A observação deve ter no máximo 500 caracteres.' }),
});
export type AttestationInput = z.input<typeof attestationInputSchema>;

/** The attestation shown with a user (who, when, what was seen). */
export const attestationSchema = z.object({
  attestedBy: z.string().nullable(),
  attestedByName: z.string().nullable(),
  attestedByRole: z.string(),
  attestedAt: z.string(),
  documents: z.array(z.enum(attestationDocuments)),
  note: z.string(),
});
export type Attestation = z.infer<typeof attestationSchema>;
