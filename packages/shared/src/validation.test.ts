import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageOn,
  birthDateSchema,
  cpfSchema,
  isValidCpf,
  maskCpf,
  maskPhone,
  normalizePixKey,
  phoneSchema,
} from './validation';

/** Builds a valid CPF from 9 base digits (the same rule, written independently). */
function withCheckDigits(base: number[]): string {
  const dv = (digits: number[]) => {
    const sum = digits.reduce((acc, d, i) => acc + d * (digits.length + 1 - i), 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = dv(base);
  const d2 = dv([...base, d1]);
  return [...base, d1, d2].join('');
}

describe('CPF', () => {
  it('accepts known valid CPFs and rejects wrong check digits', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('1234567890')).toBe(false);
  });

  it('agrees with an independent implementation on random CPFs', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }),
        (base) => {
          const cpf = withCheckDigits(base);
          if (/^(\d)\1{10}$/.test(cpf)) return;
          expect(isValidCpf(cpf)).toBe(true);
          const last = Number(cpf[10]);
          expect(isValidCpf(cpf.slice(0, 10) + String((last + 1) % 10))).toBe(false);
        },
      ),
    );
  });

  it('gives the specification messages', () => {
    expect(cpfSchema.safeParse('123').error?.issues[0]?.message).toBe(
      'O CPF deve ter pelo menos 11 dígitos.',
    );
    expect(cpfSchema.safeParse('529.982.247-24').error?.issues[0]?.message).toBe(
      'CPF inválido: confira os dígitos verificadores.',
    );
    expect(cpfSchema.parse('529.982.247-25')).toBe('52998224725');
  });

  it('masks as the person types', () => {
    expect(maskCpf('529')).toBe('529');
    expect(maskCpf('5299822')).toBe('529.982.2');
    expect(maskCpf('52998224725')).toBe('529.982.247-25');
    expect(maskCpf('529.982.247-259999')).toBe('529.982.247-25');
  });
});

describe('phone', () => {
  it('needs 10 or 11 digits', () => {
    expect(phoneSchema.safeParse('(11) 4000-000').error?.issues[0]?.message).toBe(
      'O telefone deve ter pelo menos 10 dígitos.',
    );
    expect(phoneSchema.parse('(11) 98765-4321')).toBe('11987654321');
  });

  it('masks landlines and mobiles', () => {
    expect(maskPhone('1140000000')).toBe('(11) 4000-0000');
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
    expect(maskPhone('11')).toBe('(11');
  });
});

describe('PIX keys', () => {
  it('validates and normalizes each key type', () => {
    expect(normalizePixKey('cpf', '529.982.247-25')).toEqual({ ok: true, value: '52998224725' });
    expect(normalizePixKey('cpf', '529.982.247-24').ok).toBe(false);
    expect(normalizePixKey('email', 'Ana@Example.com')).toEqual({
      ok: true,
      value: 'ana@example.com',
    });
    expect(normalizePixKey('email', 'ana@').ok).toBe(false);
    expect(normalizePixKey('telefone', '(11) 98765-4321')).toEqual({
      ok: true,
      value: '+5511987654321',
    });
    expect(normalizePixKey('telefone', '+55 11 98765-4321')).toEqual({
      ok: true,
      value: '+5511987654321',
    });
    expect(normalizePixKey('telefone', '98765-4321').ok).toBe(false);
    expect(normalizePixKey('aleatoria', '123E4567-E89B-12D3-A456-426614174000')).toEqual({
      ok: true,
      value: '123e4567-e89b-12d3-a456-426614174000',
    });
    expect(normalizePixKey('aleatoria', 'abc').ok).toBe(false);
  });
});

describe('age', () => {
  it('counts whole years', () => {
    const today = new Date('2026-11-22T12:00:00Z');
    expect(ageOn('2008-11-22', today)).toBe(18);
    expect(ageOn('2008-11-23', today)).toBe(17);
    expect(ageOn('1990-01-01', today)).toBe(36);
  });

  it('refuses under-18 and impossible dates', () => {
    const underage = new Date();
    underage.setUTCFullYear(underage.getUTCFullYear() - 17);
    expect(
      birthDateSchema.safeParse(underage.toISOString().slice(0, 10)).error?.issues[0]?.message,
    ).toBe('Você precisa ter 18 anos ou mais para usar a plataforma.');
    expect(birthDateSchema.safeParse('1990-02-30').success).toBe(false);
    expect(birthDateSchema.safeParse('1990-05-10').success).toBe(true);
  });
});
