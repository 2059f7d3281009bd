/**
 * The platform's legal documents (Termos de Uso, Regulamento dos Sorteios): their versions and
 * effective dates live here only, so the pages, the sign-up acceptance and the stored record agree.
 * A change to a document's text that changes its meaning gets a new version (and date).
 */
import { z } from 'zod';
import { onlyDigits } from './validation';

export * from './legal-documents';

/** The sign-up checkbox, and its refusal (the form and the server say the same). */
export const legalAcceptanceMessages = {
  label: 'Li e aceito os Termos de Uso e o Regulamento dos Sorteios',
  required: 'Para criar a conta, aceite os Termos de Uso e o Regulamento dos Sorteios.',
} as const;

/** The sign-up's acceptance field: only `true` is accepted. */
export const acceptLegalTermsSchema = z.literal(true, {
  error: legalAcceptanceMessages.required,
});

/** One acceptance as the LGPD export shows it. */
export const legalAcceptanceExportSchema = z.object({
  termsVersion: z.string(),
  rulesVersion: z.string(),
  acceptedAt: z.string(),
  ip: z.string().nullable(),
});
export type LegalAcceptanceExport = z.infer<typeof legalAcceptanceExportSchema>;

/** CNPJ check digits (Receita Federal's modulo-11 rule); repeated digits are invalid. */
export function isValidCnpj(value: string): boolean {
  const cnpj = onlyDigits(value);
  if (cnpj.length !== 14 || /^(\d)\1{13}$/.test(cnpj)) return false;
  const digits = cnpj.split('').map(Number);
  for (const position of [12, 13]) {
    let sum = 0;
    let weight = position - 7;
    for (let i = 0; i < position; i += 1) {
      sum += (digits[i] ?? 0) * weight;
      weight = weight === 2 ? 9 : weight - 1;
    }
    const rest = sum % 11;
    const check = rest < 2 ? 0 : 11 - rest;
    if (check !== digits[position]) return false;
  }
  return true;
}
