import { type RouteSpec, rec } from './actors';

/** The signed-in account: profile, sessions, exports and responsible play. */
export const accountRoutes: Record<string, RouteSpec> = {
  // Answers "not signed in" to anonymous callers (the admin screen's first question).
  'GET /api/admin-access': { access: { kind: 'open' }, call: () => ({ url: '/api/admin-access' }) },
  // The own account.
  'GET /api/profile': { access: { kind: 'signed-in' }, call: () => ({ url: '/api/profile' }) },
  // The caller's own profile: how they appear on /ganhadores.
  'PUT /api/profile/privacy': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/privacy', body: { anonimoNosGanhadores: true } }),
  },
  'PUT /api/profile': {
    access: { kind: 'signed-in' },
    call: () => ({
      url: '/api/profile',
      body: {
        nomeCompleto: 'Nome Atualizado',
        chavePixTipo: 'aleatoria',
        chavePix: '123e4567-e89b-42d3-a456-426614174000',
      },
    }),
  },
  'GET /api/profile/verification': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/verification' }),
  },
  'POST /api/profile/verification': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/verification', body: {} }),
  },
  'GET /api/profile/verification/files/:kind': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/verification/files/documento' }),
  },
  'GET /api/profile/2fa': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/2fa' }),
  },
  'POST /api/profile/2fa/disable': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/2fa/disable', body: { code: '123456' } }),
  },
  'GET /api/profile/location': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/location' }),
  },
  'GET /api/profile/security-logs': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/security-logs' }),
  },
  'GET /api/profile/export': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/export' }),
  },
  'GET /api/profile/export/resumo': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/export/resumo' }),
  },
  'GET /api/profile/export/estado': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/export/estado' }),
  },
  'POST /api/profile/export/pedidos': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/export/pedidos', body: { incluirImagens: false } }),
  },
  'GET /api/profile/export/pedidos/:id/arquivo': {
    // The owner reaches it ("still being prepared"); anyone else gets 404.
    access: { kind: 'own', staff: 'refused' },
    call: () => ({ url: `/api/profile/export/pedidos/${rec.exportId}/arquivo` }),
  },
  'POST /api/profile/delete': {
    // With a wrong password: reaching the password check means the caller got through.
    access: { kind: 'signed-in' },
    through: (res) => res.json().error?.message === 'Senha incorreta.',
    call: () => ({
      url: '/api/profile/delete',
      body: { confirmacao: 'EXCLUIR', senha: 'senha-errada-1' },
    }),
  },
  // SMS and WhatsApp consent (notifications module).
  'GET /api/profile/notifications': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/notifications' }),
  },
  'PUT /api/profile/notifications': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/notifications', body: { whatsapp: false } }),
  },
  'GET /api/profile/sessions': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/sessions' }),
  },
  'POST /api/profile/sessions/:id/revoke': {
    // Only the caller's own sessions exist for the caller: anyone else's id answers 404.
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/sessions/sessao-de-outra-pessoa/revoke', body: {} }),
  },
  'POST /api/profile/sessions/revoke-others': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/profile/sessions/revoke-others', body: {} }),
  },
  'GET /api/responsible-play': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/responsible-play' }),
  },
  'PUT /api/responsible-play/limits': {
    access: { kind: 'signed-in' },
    call: () => ({
      url: '/api/responsible-play/limits',
      body: { kind: 'deposit', period: 'month', amountCentavos: 5_000_000 },
    }),
  },
  'PUT /api/responsible-play/reminder': {
    access: { kind: 'signed-in' },
    call: () => ({ url: '/api/responsible-play/reminder', body: { minutes: 30 } }),
  },
  'POST /api/responsible-play/self-exclusion': {
    // It ends the caller's play: called after every money route.
    access: { kind: 'signed-in' },
    call: () => ({
      url: '/api/responsible-play/self-exclusion',
      body: { period: '1m', confirm: 'AUTOEXCLUIR' },
    }),
  },
};
