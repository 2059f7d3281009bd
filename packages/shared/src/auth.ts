/** Session and role contracts. Roles are stored on the server (DESIGN.md section 7). */
import { z } from 'zod';
import { emailSchema, passwordSchema } from './validation';
import { acceptLegalTermsSchema } from './legal';

export const staffRoles = ['admin', 'manager', 'support', 'attendant', 'partner'] as const;
export const roles = ['user', ...staffRoles] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

/** Role labels of spec 001 section 3. */
export const roleLabels: Record<Role, string> = {
  admin: 'Administrador',
  manager: 'Gerente',
  support: 'Suporte',
  attendant: 'Atendente',
  partner: 'Sócio',
  user: 'Usuário',
};

export function isStaffRole(role: Role): boolean {
  return role !== 'user';
}

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  isAdmin: z.boolean(),
  /** Any staff role that opens the administrator area (permissions.ts decides what it sees). */
  isStaff: z.boolean().default(false),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean().default(false),
  /** Created by staff with a temporary password: a new one must be set before anything else. */
  mustChangePassword: z.boolean().default(false),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /api/me */
export const meResponseSchema = z.object({ user: sessionUserSchema.nullable() });
export type MeResponse = z.infer<typeof meResponseSchema>;

/**
 * Bodies of the auth library's routes the product uses (mounted under /api/auth). They are
 * validated here before anything is handed to the library: unknown fields are refused, strings are
 * bounded, and a callback address is a path on our own site (never another origin).
 */
const localPathSchema = z
  .string()
  .max(500, { error: 'Endereço de retorno inválido.' })
  .regex(/^\/(?![/\\])[\x21-\x7e]*$/, { error: 'Endereço de retorno inválido.' });
const authPasswordSchema = z
  .string({ error: 'Preencha todos os campos.' })
  .min(1, { error: 'Preencha todos os campos.' })
  .max(128, { error: 'A senha deve ter no máximo 128 caracteres.' });
const otpCodeSchema = z
  .string({ error: 'Informe o código.' })
  .trim()
  .min(1, { error: 'Informe o código.' })
  .max(16, { error: 'Código inválido.' });

export const signInInputSchema = z.strictObject({
  email: emailSchema,
  password: authPasswordSchema,
  rememberMe: z.boolean().optional(),
  callbackURL: localPathSchema.optional(),
});
export const signUpInputSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  name: z.string().trim().max(120, { error: 'O nome deve ter no máximo 120 caracteres.' }),
  callbackURL: localPathSchema.optional(),
  /** The Termos de Uso and the Regulamento dos Sorteios, accepted by ticking the box. */
  acceptLegalTerms: acceptLegalTermsSchema,
  /** A player's referral code from /register?invite_code=; ignored when unknown. */
  referralCode: z.string().trim().max(40).optional(),
});
export const requestPasswordResetInputSchema = z.strictObject({
  email: emailSchema,
  redirectTo: localPathSchema.optional(),
});
export const resetPasswordInputSchema = z.strictObject({
  newPassword: passwordSchema,
  token: z
    .string({ error: 'Link inválido' })
    .min(1, { error: 'Link inválido' })
    .max(200, { error: 'Link inválido' }),
});
export const sendVerificationEmailInputSchema = z.strictObject({
  email: emailSchema,
  callbackURL: localPathSchema.optional(),
});
export const verifyTotpInputSchema = z.strictObject({
  code: otpCodeSchema,
  trustDevice: z.boolean().optional(),
});
export const verifyBackupCodeInputSchema = z.strictObject({
  code: otpCodeSchema,
  trustDevice: z.boolean().optional(),
  disableSession: z.boolean().optional(),
});
export const enableTwoFactorInputSchema = z.strictObject({
  password: authPasswordSchema,
  issuer: z.string().max(60).optional(),
});
export const signOutInputSchema = z.strictObject({});
/** GET /api/auth/verify-email: the confirmation link. */
export const verifyEmailQuerySchema = z.strictObject({
  token: z.string().min(1).max(2000, { error: 'Link inválido' }),
  callbackURL: localPathSchema.optional(),
});
