/**
 * What every page of the app may need of the administrator area before it is opened: the texts of
 * its screens and the access check the guard asks for. Apart from admin.ts so the first pages do
 * not build every administrator schema (re-exported by the package's index under the same names).
 */
import { z } from 'zod';

/** Spec 001 section 8: the texts of the administrator screens. */
export const adminMessages = {
  accessDenied: 'Você não tem permissão para acessar o painel administrativo.',
  metricsError: 'Erro ao carregar métricas do sistema',
  activityError: 'Erro ao carregar atividades recentes',
  refreshed: 'Dados atualizados!',
  refreshedDetail: 'Todas as métricas foram atualizadas com dados reais.',
  refreshError: 'Erro ao atualizar',
  refreshErrorDetail: 'Ocorreu um erro ao atualizar as métricas.',
  actionDone: 'Ação realizada!',
  actionDoneDetail: 'Status do usuário atualizado com sucesso.',
  roomCreated: 'Sala Criada!',
  roomUpdated: 'Sala Atualizada!',
  roomDeleted: 'Sala Excluída!',
  roomCreateError: 'Erro ao criar sala',
  roomUpdateError: 'Erro ao atualizar sala',
  roomDeleteError: 'Erro ao excluir sala',
  roomsEmpty: 'Nenhuma sala criada ainda',
  roomsLoading: 'Carregando salas',
  addUserError: 'Erro ao adicionar usuário',
  addUserErrorFallback: 'Erro desconhecido ao criar usuário',
  userAdded: 'Usuário adicionado',
  /** No password is typed any more (the person sets it from the e-mailed link): spec departure. */
  requiredFields: 'Email e nome completo são obrigatórios',
  twoFactorRequired:
    'A verificação em duas etapas é obrigatória para a equipe. Ative-a no seu perfil para acessar o painel.',
  passwordChangeRequired: 'Defina uma nova senha para continuar.',
} as const;

/**
 * GET /api/admin-access (test_admin_access of spec 001 section 7): the guard's check before any
 * administrator page. `two_factor_required`: the setting "2FA obrigatório" is on and this staff
 * account has no two-factor sign-in yet, so it is sent to set it up first.
 */
export const adminAccessCheckSchema = z.object({
  is_admin: z.boolean(),
  is_authenticated: z.boolean(),
  admin_record_exists: z.boolean(),
  two_factor_required: z.boolean(),
});
export type AdminAccessCheck = z.infer<typeof adminAccessCheckSchema>;
