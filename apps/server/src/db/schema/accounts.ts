/**
 * Tables of the accounts module: profiles, last activity, identity verification, the security log
 * and platform settings.
 */
import type { IdentityAnalysis } from '@sorteio/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { uuidId, createdAt, updatedAt, userIdRef } from './columns';

export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    nomeCompleto: text('nome_completo'),
    /** Normalized by type (shared/validation.ts normalizePixKey). */
    chavePix: text('chave_pix'),
    chavePixTipo: text('chave_pix_tipo', { enum: ['cpf', 'email', 'telefone', 'aleatoria'] }),
    /** Digits only. */
    telefone: text('telefone'),
    /** Digits only. */
    cpf: text('cpf'),
    dataNascimento: date('data_nascimento'),
    enderecoCompleto: text('endereco_completo'),
    isVerified: boolean('is_verified').notNull().default(false),
    statusConta: text('status_conta', { enum: ['ativo', 'suspenso', 'inativo'] })
      .notNull()
      .default('ativo'),
    /** Created by staff with a temporary password: it must be changed at the first sign-in. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** The player's choice: 'Anônimo' instead of first name and initial on /ganhadores. */
    anonimoNosGanhadores: boolean('anonimo_nos_ganhadores').notNull().default(false),
    /** Set when the owner asked to delete the account; personal data is anonymized then. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The specification's three uniqueness rules; the constraint names pick the message.
    uniqueIndex('profiles_chave_pix_key').on(t.chavePix),
    uniqueIndex('profiles_cpf_key').on(t.cpf),
    uniqueIndex('profiles_telefone_key').on(t.telefone),
  ],
);

/** user_sessions of the specification: one last-activity row per user. */
export const userActivity = pgTable('user_sessions', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  lastActivity: timestamp('last_activity', { withTimezone: true }).notNull().defaultNow(),
});

export const verificacaoUsuario = pgTable(
  'verificacao_usuario',
  {
    id: uuidId(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: 'cascade' }),
    tipoDocumento: text('tipo_documento', { enum: ['rg', 'cpf', 'cnh'] }).notNull(),
    /** Upper-case letters and digits only, so the same document typed two ways matches. */
    numeroDocumento: text('numero_documento').notNull(),
    /** Private storage keys (random names), never public URLs. */
    fotoDocumentoKey: text('foto_documento_key').notNull(),
    selfieKey: text('selfie_key').notNull(),
    statusVerificacao: text('status_verificacao', {
      enum: ['pendente', 'verificado', 'rejeitado'],
    }).notNull(),
    motivoRejeicao: text('motivo_rejeicao'),
    checks: jsonb('checks').$type<Record<string, boolean | string>>(),
    /** The automated analysis (faces, OCR, quality, reuse): results and scores, no biometrics. */
    analise: jsonb('analise').$type<IdentityAnalysis>(),
    /** 64-bit perceptual hashes (hex) of the stored images, to spot a picture reused elsewhere. */
    documentoHash: text('documento_hash'),
    selfieHash: text('selfie_hash'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedBy: text('reviewed_by').references(() => user.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [index('verificacao_documento_idx').on(t.tipoDocumento, t.numeroDocumento)],
);

export const userSecurityLogs = pgTable(
  'user_security_logs',
  {
    id: uuidId(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    /** For failed sign-ins of unknown accounts: the e-mail that was tried (lower case). */
    email: text('email'),
    ipAddress: text('ip_address'),
    city: text('city'),
    region: text('region'),
    country: text('country'),
    timezone: text('timezone'),
    actionType: text('action_type').notNull(),
    userAgent: text('user_agent'),
    isSuspicious: boolean('is_suspicious').notNull().default(false),
    suspiciousReason: text('suspicious_reason'),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('security_logs_user_time_idx').on(t.userId, t.timestamp),
    index('security_logs_failed_idx')
      .on(t.email, t.timestamp)
      .where(sql`${t.actionType} = 'login_failed'`),
  ],
);

/**
 * Acceptances of the Termos de Uso and the Regulamento dos Sorteios (sign-up), with the versions
 * accepted (packages/shared legal.ts), the time and the address. A legal record: kept when the
 * account is deleted, like the security log.
 */
export const legalAcceptances = pgTable(
  'legal_acceptances',
  {
    id: uuidId(),
    userId: userIdRef('cascade'),
    termsVersion: text('terms_version').notNull(),
    rulesVersion: text('rules_version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
  },
  (t) => [index('legal_acceptances_user_idx').on(t.userId, t.acceptedAt)],
);

/** Platform settings stored and enforced on the server (DESIGN.md section 8). */
/**
 * A jsonb column decoded once. Both drivers (pg and PGlite) already parse jsonb; Drizzle's own
 * jsonb type parses a top-level string a second time, so a stored "13" came back as the number 13
 * and "1e309" as Infinity. Settings hold top-level strings (the site name), hence this type.
 */
const jsonbValue = customType<{ data: unknown; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => value,
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonbValue('value').notNull(),
  updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/** Fixed-window counters for limits that must hold across server copies (per account). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
