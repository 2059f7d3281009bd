/**
 * The legal documents' titles, paths and versions, without the sign-up schemas of legal.ts: the
 * footer and the light landing page import this alone, so they do not load zod.
 */

export const legalDocumentKinds = ['termos', 'regulamento'] as const;
export type LegalDocumentKind = (typeof legalDocumentKinds)[number];

export interface LegalDocument {
  title: string;
  path: string;
  /** The version id; also the day it was written (YYYY-MM-DD). */
  version: string;
  /** The day it applies from (YYYY-MM-DD). */
  effectiveDate: string;
}

export const legalDocuments = {
  termos: {
    title: 'Termos de Uso',
    path: '/termos',
    version: '2026-11-24',
    effectiveDate: '2026-11-24',
  },
  regulamento: {
    title: 'Regulamento dos Sorteios',
    path: '/regulamento',
    version: '2026-11-24',
    effectiveDate: '2026-11-24',
  },
} as const satisfies Record<LegalDocumentKind, LegalDocument>;

/** 11222333000181 -> 11.222.333/0001-81 (anything that is not 14 digits is returned as given). */
export function formatCnpj(value: string): string {
  const d = value.replace(/\D/g, '');
  if (d.length !== 14) return value;
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
}

/**
 * The operator's authorisation to run paid draws (issue 33): who granted it, the act or licence,
 * its date and the public record. `demonstration` marks the demo's made-up values, so no screen
 * presents them as a real authorisation.
 */
export interface OperatorAuthorization {
  authority: string;
  act: string;
  /** YYYY-MM-DD. */
  date: string;
  /** The public record (https). */
  url: string;
  demonstration: boolean;
}

/** 2026-11-24 -> 24/11/2026. */
export function formatIsoDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
}

/**
 * The one sentence every screen and the support assistant use to state the legal standing; a
 * server started without an authorisation (acknowledged in production) says so plainly.
 */
export function authorizationStatement(authorization: OperatorAuthorization | null): string {
  if (!authorization)
    return 'O operador não informou uma autorização para explorar sorteios nesta instalação.';
  const { authority, act, date, demonstration } = authorization;
  const sentence = `Autorizado por ${authority}, ${act}, de ${formatIsoDate(date)}.`;
  return demonstration
    ? `${sentence} (Dados de demonstração: não correspondem a uma autorização real.)`
    : sentence;
}
