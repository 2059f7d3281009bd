import { describe, expect, it } from 'vitest';
import { acceptLegalTermsSchema, formatCnpj, isValidCnpj, legalDocuments } from './legal';

describe('CNPJ', () => {
  it('accepts valid check digits, with or without punctuation', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('11.444.777/0001-61')).toBe(true);
  });

  it('refuses wrong check digits, wrong lengths and repeated digits', () => {
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidCnpj('')).toBe(false);
  });

  it('formats 14 digits and leaves anything else as given', () => {
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCnpj('123')).toBe('123');
  });
});

describe('legal documents', () => {
  it('have a version and an effective date as calendar days', () => {
    for (const doc of Object.values(legalDocuments)) {
      expect(doc.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(doc.effectiveDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('accept only a ticked box', () => {
    expect(acceptLegalTermsSchema.safeParse(true).success).toBe(true);
    const refused = acceptLegalTermsSchema.safeParse(false);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(
      'Para criar a conta, aceite os Termos de Uso e o Regulamento dos Sorteios.',
    );
  });
});
