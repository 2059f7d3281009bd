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
