import type { AdminUserDetail, AdminUserRow } from '@sorteio/shared';

/** The list row of player number `i`. */
export const userRow = (i: number, over: Partial<AdminUserRow> = {}): AdminUserRow => ({
  id: `u-${i}`,
  nomeCompleto: `Pessoa ${i}`,
  email: `p${i}@example.com`,
  chavePix: null,
  role: 'user',
  statusConta: 'ativo',
  isVerified: false,
  verificationStatus: 'nao_enviado',
  createdAt: '2026-11-01T12:00:00.000Z',
  ...over,
});

/** Player 1 as the detail sheet reads it: documents sent, nothing else filled in. */
export const detailUser = (
  over: Partial<AdminUserDetail['user']> = {},
): AdminUserDetail['user'] => ({
  ...userRow(1, { verificationStatus: 'pendente' }),
  cpf: null,
  telefone: null,
  dataNascimento: null,
  enderecoCompleto: null,
  twoFactorEnabled: false,
  emailVerified: true,
  mustChangePassword: false,
  awaitingPassword: false,
  lastActivity: null,
  ...over,
});
