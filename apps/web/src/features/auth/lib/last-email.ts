import { LAST_EMAIL_KEY, readStored, writeStored } from '@/lib/storage';

export function readLastEmail(): string {
  return readStored('local', LAST_EMAIL_KEY) ?? '';
}

export function rememberEmail(email: string): void {
  const value = email.trim();
  if (value !== '') writeStored('local', LAST_EMAIL_KEY, value);
}
