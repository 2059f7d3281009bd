/**
 * Contracts of adding a user or an employee (spec 001 sections 3 and 5): the form with the optional
 * identity attestation, the e-mailed link to set the first password and the person's own change of
 * a temporary password.
 */
import { z } from 'zod';
import { adminMessages } from './admin-access';
import { roleSchema, staffRoles } from './auth';
import { attestationDocuments, attestationInputSchema, attestationMessages } from './identity';
import {
  birthDateSchema,
  cpfSchema,
  emailSchema,
  passwordSchema,
  phoneSchema,
  pixKeyTypes,
} from './validation';

const isoDate = z.string();

/**
 * Add user / add employee (spec 001 sections 3 and 5). No password is typed or shown: the person
 * is e-mailed a single-use link to set their own (SET_PASSWORD_LINK_HOURS), and the account cannot
 * be signed into before that. A `password` sent by an older client is dropped, never stored.
 */
export const createAccountInputSchema = z
  .object({
    kind: z.enum(['user', 'employee']),
    nome_completo: z
      .string()
      .trim()
      .max(120, { error: 'O nome deve ter no máximo 120 caracteres.' }),
    email: z.string().trim().max(254, { error: 'Por favor, digite um e-mail válido.' }),
    chave_pix: z.string().trim().max(77, { error: 'Chave PIX inválida.' }).optional(),
    chave_pix_tipo: z.enum(pixKeyTypes).optional(),
    cpf: z.string().trim().max(14, { error: 'O CPF deve ter no máximo 14 caracteres.' }).optional(),
    telefone: z
      .string()
      .trim()
      .max(15, { error: 'O telefone deve ter no máximo 15 caracteres.' })
      .optional(),
    role: roleSchema,
    /** Present only when the staff member attests the identity (identity.review). */
    attestation: attestationInputSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.email || !v.nome_completo) {
      ctx.addIssue({ code: 'custom', message: adminMessages.requiredFields, path: ['email'] });
      return;
    }
    if (!emailSchema.safeParse(v.email).success)
      ctx.addIssue({
        code: 'custom',
        message: 'Por favor, digite um e-mail válido.',
        path: ['email'],
      });
    if (v.cpf && !cpfSchema.safeParse(v.cpf).success)
      ctx.addIssue({ code: 'custom', message: 'CPF inválido.', path: ['cpf'] });
    if (v.telefone && !phoneSchema.safeParse(v.telefone).success)
      ctx.addIssue({ code: 'custom', message: 'Telefone inválido.', path: ['telefone'] });
    if (v.chave_pix && !v.chave_pix_tipo)
      ctx.addIssue({
        code: 'custom',
        message: 'Escolha o tipo da chave PIX.',
        path: ['chave_pix_tipo'],
      });
    if (v.kind === 'user' && v.role !== 'user')
      ctx.addIssue({
        code: 'custom',
        message: 'Um usuário tem o papel Usuário.',
        path: ['role'],
      });
    if (v.kind === 'employee' && !(staffRoles as readonly string[]).includes(v.role))
      ctx.addIssue({
        code: 'custom',
        message: 'Escolha o cargo do funcionário.',
        path: ['role'],
      });
    const a = v.attestation;
    if (a) {
      if (!attestationDocuments.every((d) => a.documents.includes(d)))
        ctx.addIssue({
          code: 'custom',
          message: attestationMessages.allDocuments,
          path: ['attestation', 'documents'],
        });
      if (!v.cpf)
        ctx.addIssue({ code: 'custom', message: attestationMessages.cpfRequired, path: ['cpf'] });
      if (!a.dataNascimento)
        ctx.addIssue({
          code: 'custom',
          message: attestationMessages.birthDateRequired,
          path: ['attestation', 'dataNascimento'],
        });
      else {
        const birth = birthDateSchema.safeParse(a.dataNascimento);
        if (!birth.success)
          ctx.addIssue({
            code: 'custom',
            message: birth.error.issues[0]?.message ?? 'Data de nascimento inválida.',
            path: ['attestation', 'dataNascimento'],
          });
      }
    }
  });
export type CreateAccountInput = z.input<typeof createAccountInputSchema>;

/** How long the e-mailed link to set the first password of a staff-added account works. */
export const SET_PASSWORD_LINK_HOURS = 72;

/** Where the set-password link went: never the link or its token, only the address and expiry. */
export const setPasswordLinkResultSchema = z.object({
  sentTo: z.string(),
  expiresAt: isoDate,
  /** False when the mail server refused it: the account exists and the link can be sent again. */
  sent: z.boolean(),
});
export type SetPasswordLinkResult = z.infer<typeof setPasswordLinkResultSchema>;

export const createAccountResultSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
  /** True only when the identity was attested by staff allowed to review identities. */
  isVerified: z.boolean(),
  setPasswordLink: setPasswordLinkResultSchema,
});
export type CreateAccountResult = z.infer<typeof createAccountResultSchema>;

export const setPasswordLinkMessages = {
  sent: (email: string) =>
    `Enviamos para ${email} um link para a pessoa definir a própria senha. O link vale por ${SET_PASSWORD_LINK_HOURS} horas e só pode ser usado uma vez.`,
  notSent: (email: string) =>
    `A conta foi criada, mas não conseguimos enviar o e-mail para ${email}. Use "Reenviar link de senha" nos detalhes do usuário.`,
  resent: 'Link reenviado',
  alreadySet:
    'Esta pessoa já definiu a senha. Para trocá-la, ela pode usar "Esqueci minha senha" na tela de login.',
} as const;

/** The person's own change of a temporary password (first sign-in). */
export const changePasswordInputSchema = z.strictObject({
  currentPassword: z.string().min(1, { error: 'Informe a senha atual.' }).max(128),
  // The floor and its message are the shared ones; the server also checks the setting's minimum.
  newPassword: passwordSchema,
});
