/**
 * Field schemas written once and reused by the server routes and the forms (STYLE.md
 * "Contracts and validation"): CPF, phone, PIX key, password, e-mail, date of birth.
 */
import { z } from 'zod';

export const onlyDigits = (value: string) => value.replace(/\D/g, '');

/** CPF check digits (Receita Federal's modulo-11 rule); repeated digits are invalid. */
export function isValidCpf(value: string): boolean {
  const cpf = onlyDigits(value);
  if (cpf.length !== 11 || /^(\d)\1{10}$/.test(cpf)) return false;
  const digits = cpf.split('').map(Number);
  for (const position of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < position; i += 1) sum += (digits[i] ?? 0) * (position + 1 - i);
    const check = ((sum * 10) % 11) % 10;
    if (check !== digits[position]) return false;
  }
  return true;
}

/** 12345678909 -> 123.456.789-09 (partial input is masked as far as it goes). */
export function maskCpf(value: string): string {
  const d = onlyDigits(value).slice(0, 11);
  return d
    .replace(/^(\d{3})(\d)/, '$1.$2')
    .replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3')
    .replace(/\.(\d{3})(\d{1,2})$/, '.$1-$2');
}

/** 11987654321 -> (11) 98765-4321; 1140000000 -> (11) 4000-0000. */
export function maskPhone(value: string): string {
  const d = onlyDigits(value).slice(0, 11);
  if (d.length <= 2) return d.length ? `(${d}` : '';
  const ddd = d.slice(0, 2);
  const rest = d.slice(2);
  if (rest.length <= 4) return `(${ddd}) ${rest}`;
  const split = rest.length === 9 ? 5 : 4;
  return `(${ddd}) ${rest.slice(0, split)}-${rest.slice(split)}`;
}

export const emailSchema = z
  .string({ error: 'Por favor, digite seu e-mail.' })
  .trim()
  .min(1, { error: 'Por favor, digite seu e-mail.' })
  .max(254, { error: 'Por favor, digite um e-mail válido.' })
  .pipe(z.email({ error: 'Por favor, digite um e-mail válido.' }))
  .transform((v) => v.toLowerCase());

/**
 * The floor of every password (spec 000 section 9: 6 characters). The minimum that applies is the
 * setting "Tamanho mínimo da senha" (spec 001 section 9, default 8, never below this floor): the
 * server checks it at sign-up, reset, password change and when staff add an account, and the
 * forms read it from GET /api/public/settings.
 */
export const PASSWORD_MIN = 6;
export const passwordTooShortMessage = (min: number) =>
  `A senha deve ter pelo menos ${min} caracteres.`;
/** A new password under a minimum length (the setting's, or the floor). */
export function passwordSchemaOf(min: number) {
  return z
    .string({ error: 'Preencha todos os campos.' })
    .min(min, { error: passwordTooShortMessage(min) })
    .max(128, { error: 'A senha deve ter no máximo 128 caracteres.' });
}
export const passwordSchema = passwordSchemaOf(PASSWORD_MIN);

/** CPF as typed (with or without mask): at least 11 digits and valid check digits. */
export const cpfSchema = z
  .string()
  .max(14, { error: 'O CPF deve ter no máximo 14 caracteres.' })
  .refine((v) => onlyDigits(v).length >= 11, { error: 'O CPF deve ter pelo menos 11 dígitos.' })
  .refine((v) => isValidCpf(v), { error: 'CPF inválido: confira os dígitos verificadores.' })
  .transform(onlyDigits);

/** Brazilian phone with DDD: 10 or 11 digits. */
export const phoneSchema = z
  .string()
  .max(15, { error: 'O telefone deve ter no máximo 15 caracteres.' })
  .refine((v) => onlyDigits(v).length >= 10, {
    error: 'O telefone deve ter pelo menos 10 dígitos.',
  })
  .refine((v) => onlyDigits(v).length <= 11, {
    error: 'O telefone deve ter no máximo 11 dígitos (DDD + número).',
  })
  .transform(onlyDigits);

export const pixKeyTypes = ['cpf', 'email', 'telefone', 'aleatoria'] as const;
export type PixKeyType = (typeof pixKeyTypes)[number];
export const pixKeyTypeLabels: Record<PixKeyType, string> = {
  cpf: 'CPF',
  email: 'E-mail',
  telefone: 'Telefone',
  aleatoria: 'Chave aleatória',
};

const RANDOM_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A PIX key validated by its type (Banco Central DICT formats) and normalized: CPF as 11 digits,
 * e-mail in lower case, phone as +55DDDNUMBER, random key (EVP) as a lower-case UUID.
 */
export function normalizePixKey(
  type: PixKeyType,
  raw: string,
): { ok: true; value: string } | { ok: false; message: string } {
  const value = raw.trim();
  switch (type) {
    case 'cpf':
      return isValidCpf(value)
        ? { ok: true, value: onlyDigits(value) }
        : { ok: false, message: 'Chave PIX inválida: informe um CPF válido.' };
    case 'email': {
      const parsed = z.email().max(77).safeParse(value);
      return parsed.success
        ? { ok: true, value: value.toLowerCase() }
        : { ok: false, message: 'Chave PIX inválida: informe um e-mail válido.' };
    }
    case 'telefone': {
      let d = onlyDigits(value);
      if (d.length === 13 && d.startsWith('55')) d = d.slice(2);
      return d.length === 10 || d.length === 11
        ? { ok: true, value: `+55${d}` }
        : { ok: false, message: 'Chave PIX inválida: informe o telefone com DDD.' };
    }
    case 'aleatoria':
      return RANDOM_KEY.test(value.toLowerCase())
        ? { ok: true, value: value.toLowerCase() }
        : {
            ok: false,
            message:
              'Chave PIX inválida: a chave aleatória tem o formato 123e4567-e89b-12d3-a456-426614174000.',
          };
  }
}

/** Age in whole years on a given day (birthdays on Feb 29 count from Mar 1 in common years). */
export function ageOn(birthDate: string, today: Date = new Date()): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  const ty = today.getUTCFullYear();
  const tm = today.getUTCMonth() + 1;
  const td = today.getUTCDate();
  let age = ty - y;
  if (tm < m || (tm === m && td < d)) age -= 1;
  return age;
}

export const MIN_AGE = 18;

export const birthDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data de nascimento inválida.' })
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
      new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      error: 'Data de nascimento inválida.',
    },
  )
  .refine((v) => ageOn(v) <= 120, { error: 'Data de nascimento inválida.' })
  .refine((v) => ageOn(v) >= MIN_AGE, {
    error: 'Você precisa ter 18 anos ou mais para usar a plataforma.',
  });
