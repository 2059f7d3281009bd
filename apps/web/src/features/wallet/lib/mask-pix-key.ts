import type { PixKeyType } from '@sorteio/shared';

function maskEmail(key: string): string {
  const at = key.lastIndexOf('@');
  if (at <= 0) return maskGeneric(key);
  const local = key.slice(0, at);
  const shown = local.length > 3 ? 3 : 1;
  return `${local.slice(0, shown)}***${key.slice(at)}`;
}

function maskCpf(key: string): string {
  const digits = key.replace(/\D/g, '');
  if (digits.length !== 11) return maskGeneric(key);
  // The middle six digits, as the Banco Central shows a CPF key to the payer.
  return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`;
}

function maskPhone(key: string): string {
  let digits = key.replace(/\D/g, '');
  // Stored as +55 with DDD (normalizePixKey): 12 or 13 digits with the country code.
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55'))
    digits = digits.slice(2);
  if (digits.length !== 10 && digits.length !== 11) return maskGeneric(key);
  return `(${digits.slice(0, 2)}) ${'*'.repeat(digits.length - 6)}-${digits.slice(-4)}`;
}

function maskGeneric(key: string): string {
  if (key.length <= 6) return `${key.slice(0, 1)}***`;
  return `${key.slice(0, 4)}***${key.slice(-4)}`;
}

/**
 * The PIX key as the withdrawal screen shows it: enough to recognise it, not enough to copy it
 * (e-mail 'ana***@gmail.com', CPF '***.456.789-**', phone '(11) *****-4321').
 */
export function maskPixKey(key: string, type: PixKeyType | null): string {
  switch (type) {
    case 'email':
      return maskEmail(key);
    case 'cpf':
      return maskCpf(key);
    case 'telefone':
      return maskPhone(key);
    default:
      return maskGeneric(key);
  }
}
