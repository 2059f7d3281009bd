import type { Profile, SecurityLog, Verification } from '@sorteio/shared';
import { regularUser } from '@/test/mock-api';

/** Answers of the account endpoints for the profile tests. */
export const baseProfile: Profile = {
  id: regularUser.id,
  email: regularUser.email,
  nomeCompleto: 'Maria Souza',
  chavePix: 'maria@example.com',
  chavePixTipo: 'email',
  telefone: null,
  cpf: null,
  dataNascimento: '1990-05-10',
  enderecoCompleto: null,
  isVerified: false,
  twoFactorEnabled: false,
  statusConta: 'ativo',
  anonimoNosGanhadores: false,
  createdAt: '2025-01-01T12:00:00.000Z',
};

export const notSent: Verification = {
  status: 'nao_enviado',
  tipoDocumento: null,
  numeroDocumento: null,
  motivoRejeicao: null,
  submittedAt: null,
  hasDocument: false,
  hasSelfie: false,
  analise: null,
};

export function log(overrides: Partial<SecurityLog>): SecurityLog {
  return {
    id: 'l-1',
    actionType: 'login',
    ipAddress: '200.100.50.25',
    city: 'São Paulo',
    region: 'SP',
    country: 'Brasil',
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    isSuspicious: false,
    suspiciousReason: null,
    timestamp: '2025-01-02T15:30:00.000Z',
    ...overrides,
  };
}

export function accountApi(overrides: { profile?: Profile; verification?: Verification } = {}) {
  return {
    'GET /api/me': { body: { user: regularUser } },
    'GET /api/profile': { body: overrides.profile ?? baseProfile },
    'GET /api/profile/verification': { body: overrides.verification ?? notSent },
    'GET /api/profile/2fa': { body: { enabled: false, pendingSetup: false } },
    'GET /api/profile/location': {
      body: { ip: '200.100.50.25', city: null, region: 'SP', country: 'Brasil', timezone: null },
    },
    'GET /api/profile/security-logs': { body: [] },
  };
}
