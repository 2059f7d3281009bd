/**
 * Public rooms (salas) and draws (sorteios). Amounts are integer centavos (bigint) even where the
 * column keeps the specification's name (valor_entrada, premio_bruto ...): see
 * docs/decisions/002-money-in-centavos.md. The fee percentage is kept in basis points.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { type BeaconChain, roomStatuses, roomTypes } from '@sorteio/shared';
import { user } from './auth';
import { uuidId, createdAt, updatedAt, userIdRef } from './columns';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

const money = (name: string) => bigint(name, { mode: 'number' });

export { roomStatuses, roomTypes };

export const salas = pgTable(
  'salas',
  {
    id: uuidId(),
    tipoSala: text('tipo_sala', { enum: roomTypes }).notNull(),
    status: text('status', { enum: roomStatuses }).notNull().default('aberta'),
    participantesAtual: integer('participantes_atual').notNull().default(0),
    maxParticipantes: integer('max_participantes').notNull(),
    valorEntrada: money('valor_entrada').notNull(),
    premioBruto: money('premio_bruto').notNull(),
    taxaPlataforma: money('taxa_plataforma').notNull(),
    premioLiquido: money('premio_liquido').notNull(),
    /** taxa_personalizada of the spec, in basis points (2000 = 20 %). */
    taxaPersonalizadaBp: integer('taxa_personalizada_bp').notNull(),
    sorteioAutomatico: boolean('sorteio_automatico').notNull().default(true),
    temLimitePessoas: boolean('tem_limite_pessoas').notNull().default(true),
    dataSorteio: timestamp('data_sorteio', { withTimezone: true }),
    /** Draw protocol v1 (DESIGN.md section 5): secret until the draw. */
    seed: bytea('seed').notNull(),
    commitment: text('commitment').notNull(),
    commitmentPublishedAt: timestamp('commitment_published_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('salas_status_created_idx').on(t.status, t.createdAt),
    check('salas_participantes_nonneg', sql`${t.participantesAtual} >= 0`),
    check('salas_max_range', sql`${t.maxParticipantes} between 2 and 1000`),
    check(
      'salas_participantes_cap',
      sql`not ${t.temLimitePessoas} or ${t.participantesAtual} <= ${t.maxParticipantes}`,
    ),
    check('salas_valor_entrada_min', sql`${t.valorEntrada} >= 100`),
    check('salas_taxa_range', sql`${t.taxaPersonalizadaBp} between 0 and 5000`),
    check('salas_premio_sum', sql`${t.premioBruto} = ${t.taxaPlataforma} + ${t.premioLiquido}`),
  ],
);

export const sorteios = pgTable(
  'sorteios',
  {
    id: uuidId(),
    salaId: uuid('sala_id')
      .notNull()
      .unique()
      .references(() => salas.id),
    userIdVencedor: text('user_id_vencedor').references(() => user.id, { onDelete: 'set null' }),
    numeroVencedor: text('numero_vencedor').notNull(),
    winnerIndex: integer('winner_index').notNull(),
    entrantsDigest: text('entrants_digest').notNull(),
    beacon: text('beacon').notNull().default(''),
    beaconRound: bigint('beacon_round', { mode: 'number' }),
    /** 'v2' when the draw is bound to a drand round (the fields below are then set). */
    protocolVersion: text('protocol_version', { enum: ['v1', 'v2'] })
      .notNull()
      .default('v1'),
    entrantsFrozenAt: timestamp('entrants_frozen_at', { withTimezone: true, precision: 3 }),
    beaconSignature: text('beacon_signature'),
    beaconChain: jsonb('beacon_chain').$type<BeaconChain>(),
    valorPremioLiquido: money('valor_premio_liquido').notNull(),
    statusPagamentoPremio: text('status_pagamento_premio', { enum: ['pendente', 'confirmado'] })
      .notNull()
      .default('pendente'),
    hashProva: text('hash_prova').notNull(),
    /** The entrant list frozen at the draw (sorted), published as-is in the proof. */
    entrants: jsonb('entrants').$type<string[]>().notNull(),
    timestampSorteio: timestamp('timestamp_sorteio', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('sorteios_timestamp_idx').on(t.timestampSorteio)],
);

/**
 * A room whose entrants are frozen and which waits for its drand round (docs/decisions/
 * 024-drand-beacon.md): the draw completes once the round is fetched and verified; until then the
 * job retries with backoff and `last_error` says why it is still waiting.
 */
export const drawBeaconWaits = pgTable(
  'draw_beacon_waits',
  {
    salaId: uuid('sala_id')
      .primaryKey()
      .references(() => salas.id),
    /** The frozen entrant list (sorted) and its digest. */
    entrants: jsonb('entrants').$type<string[]>().notNull(),
    entrantsDigest: text('entrants_digest').notNull(),
    frozenAt: timestamp('frozen_at', { withTimezone: true, precision: 3 }).notNull(),
    beaconRound: bigint('beacon_round', { mode: 'number' }).notNull(),
    beaconChain: jsonb('beacon_chain').$type<BeaconChain>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('draw_beacon_waits_next_idx').on(t.nextAttemptAt)],
);

export const participacoes = pgTable(
  'participacoes',
  {
    id: uuidId(),
    userId: userIdRef(),
    salaId: uuid('sala_id')
      .notNull()
      .references(() => salas.id),
    numeroSorte: text('numero_sorte').notNull(),
    /** Entry fee in centavos. */
    valorPago: money('valor_pago').notNull(),
    statusPagamento: text('status_pagamento', { enum: ['pendente', 'confirmado', 'cancelado'] })
      .notNull()
      .default('pendente'),
    metodoPagamento: text('metodo_pagamento', { enum: ['pix', 'balance'] }).notNull(),
    ehVencedor: boolean('eh_vencedor').notNull().default(false),
    txidPagamento: text('txid_pagamento'),
    /** A PIX seat is held until then; the expiry job frees it if still unpaid. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One live seat per user per room; a cancelled seat does not block joining again.
    uniqueIndex('participacoes_one_seat_idx')
      .on(t.salaId, t.userId)
      .where(sql`${t.statusPagamento} <> 'cancelado'`),
    uniqueIndex('participacoes_numero_idx').on(t.salaId, t.numeroSorte),
    index('participacoes_user_idx').on(t.userId, t.createdAt),
    index('participacoes_pending_idx')
      .on(t.expiresAt)
      .where(sql`${t.statusPagamento} = 'pendente'`),
  ],
);
