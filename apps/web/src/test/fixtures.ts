import {
  formatBRL,
  type Dashboard,
  type DrawSummary,
  type History,
  type HistoryItem,
  type Participation,
  type PixCharge,
  type RecentDraw,
  type Room,
  type Stats,
  type StatementEntry,
  type Wallet,
} from '@sorteio/shared';
import { regularUser } from './mock-api';

/** Answers of the money endpoints for screen tests; every id is a valid UUID. */
export const ids = {
  room: '0b4c7e3e-1111-4000-8000-000000000001',
  room2: '0b4c7e3e-1111-4000-8000-000000000002',
  participation: '0b4c7e3e-2222-4000-8000-000000000001',
  draw: '0b4c7e3e-3333-4000-8000-000000000001',
} as const;

export const TXID = 'SIM0123456789abcdefghijklmnopq';

export function makeRoom(overrides: Partial<Room> = {}): Room {
  return {
    id: ids.room,
    tipoSala: 'ouro',
    status: 'aberta',
    participantesAtual: 3,
    maxParticipantes: 10,
    valorEntrada: 1000,
    premioBruto: 10_000,
    taxaPlataforma: 2000,
    premioLiquido: 8000,
    taxaPersonalizadaBp: 2000,
    sorteioAutomatico: true,
    temLimitePessoas: true,
    dataSorteio: null,
    commitment: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    commitmentPublishedAt: '2025-01-01T12:00:00.000Z',
    createdAt: '2025-01-01T12:00:00.000Z',
    ...overrides,
  };
}

export function makeParticipation(overrides: Partial<Participation> = {}): Participation {
  return {
    id: ids.participation,
    salaId: ids.room,
    userId: regularUser.id,
    numeroSorte: 'O1234567',
    valorPago: 1000,
    statusPagamento: 'confirmado',
    metodoPagamento: 'balance',
    ehVencedor: false,
    txidPagamento: null,
    expiresAt: null,
    createdAt: '2025-01-02T12:00:00.000Z',
    updatedAt: '2025-01-02T12:00:00.000Z',
    ...overrides,
  };
}

export function makeCharge(overrides: Partial<PixCharge> = {}): PixCharge {
  return {
    txid: TXID,
    valor: 1000,
    descricao: 'Participação em sorteio - Sala ouro',
    status: 'ATIVA',
    qrCodeBase64: 'data:image/png;base64,iVBORw0KGgo=',
    qrCodeText: '00020126580014br.gov.bcb.pix0136chave-teste5204000053039865802BR6304ABCD',
    expiresAt: '2099-01-01T00:00:00.000Z',
    paidAt: null,
    purpose: 'participacao',
    participacaoId: ids.participation,
    ...overrides,
  };
}

export function makeDraw(index: number, overrides: Partial<RecentDraw> = {}): RecentDraw {
  return {
    id: `0b4c7e3e-3333-4000-8000-00000000000${index}`,
    hashProva: `${index}abcdef0123456789${'0'.repeat(46)}`,
    tipoSala: 'prata',
    premioLiquido: 5000 * index,
    vencedorPrimeiroNome: `Pessoa${index}`,
    timestampSorteio: '2025-01-01T12:00:00.000Z',
    ...overrides,
  };
}

/** A room's draw as GET /api/rooms/:id/draw and GET /api/draws give it. */
export function makeDrawSummary(overrides: Partial<DrawSummary> = {}): DrawSummary {
  return {
    id: ids.draw,
    roomId: ids.room,
    tipoSala: 'ouro',
    numeroVencedor: 'O1234567',
    hashProva: 'c0ffee00deadbeef0123456789abcdef0123456789abcdef0123456789abcdef',
    timestampSorteio: '2025-01-03T12:00:00.000Z',
    valorPremioLiquido: 8000,
    participantes: 10,
    vencedorPrimeiroNome: 'Maria',
    statusPagamentoPremio: 'confirmado',
    ...overrides,
  };
}

export function makeDashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    pontosAtuais: 12_345,
    saldo: 10_000,
    cashback: 2_345,
    totalParticipacoes: 7,
    totalGanho: 8000,
    vitorias: 1,
    investidoTotal: 7000,
    lucroPrejuizo: 1000,
    live: { usuarios: 1234, salasAbertas: 5, receitaTotal: 987_654, sorteios: 42 },
    recentDraws: [],
    hasMoreDraws: false,
    generatedAt: '2025-01-02T15:30:00.000Z',
    primeiraVisita: false,
    ...overrides,
  };
}

export function makeWallet(overrides: Partial<Wallet> = {}): Wallet {
  return {
    saldo: 0,
    cashback: 0,
    cashbackBp: 500,
    withdrawMinCentavos: 1000,
    withdrawMaxCentavos: 1_000_000,
    ...overrides,
  };
}

export function makeStatementEntry(overrides: Partial<StatementEntry> = {}): StatementEntry {
  return {
    id: 'e-1',
    kind: 'topup',
    conta: 'saldo',
    valor: 5000,
    descricao: 'Recarga por PIX',
    createdAt: '2025-01-02T15:30:00.000Z',
    ...overrides,
  };
}

export function makeHistoryItem(overrides: Partial<HistoryItem> = {}): HistoryItem {
  return {
    participation: makeParticipation(),
    room: {
      id: ids.room,
      tipoSala: 'ouro',
      premioLiquido: 8000,
      status: 'aberta',
      maxParticipantes: 10,
    },
    draw: null,
    ...overrides,
  };
}

export function makeHistory(overrides: Partial<History> = {}): History {
  return {
    totalParticipacoes: 0,
    vitorias: 0,
    taxaVitoria: 0,
    totalGanho: 0,
    items: [],
    nextOffset: null,
    ...overrides,
  };
}

export function makeStats(overrides: Partial<Stats> = {}): Stats {
  return {
    totalParticipacoes: 0,
    vitorias: 0,
    taxaVitoria: 0,
    investidoTotal: 0,
    totalGanho: 0,
    lucroPrejuizo: 0,
    porMes: [],
    porTipo: [],
    ...overrides,
  };
}

/** formatBRL as Testing Library reads it (its normalizer turns the no-break space into a space). */
export function brl(centavos: number): string {
  return formatBRL(centavos).replace(/\u00a0/g, ' ');
}

/** `GET /api/public/config` of an authorised operator (the operator's name can be changed). */
export function makePublicConfig(operatorName = 'Exemplo Sorteios S.A.') {
  return {
    pixProvider: 'simulator',
    mailOutbox: false,
    supportEmail: 'suporte@example.com',
    supportWhatsapp: '(11) 4000-0000',
    operator: {
      name: operatorName,
      cnpj: '11444777000161',
      address: 'Rua Exemplo, 10, Centro, Curitiba - PR, 80000-000',
      authorization: {
        authority: 'Secretaria de Prêmios e Apostas',
        act: 'Portaria SPA/MF nº 1.234',
        date: '2026-03-15',
        url: 'https://www.gov.br/fazenda/registro/1234',
        demonstration: false,
      },
    },
    version: '0.1.0',
  };
}

/** GET /api/public/settings as a fresh install answers it. */
export function makePublicSettings(overrides: { passwordMinLength?: number } = {}) {
  return {
    siteName: 'Sorteio Certo',
    siteDescription: '',
    maintenanceMode: false,
    pixEnabled: true,
    cardEnabled: false,
    boletoEnabled: false,
    passwordMinLength: 8,
    ...overrides,
  };
}
