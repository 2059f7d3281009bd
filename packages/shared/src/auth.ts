/** Session and role contracts. Roles are stored on the server (DESIGN.md section 7). */
import { z } from 'zod';

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
  emailVerified: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /api/me */
export const meResponseSchema = z.object({ user: sessionUserSchema.nullable() });
export type MeResponse = z.infer<typeof meResponseSchema>;
