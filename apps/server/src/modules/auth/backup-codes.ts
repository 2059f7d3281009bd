/**
 * Two-factor backup codes (spec 000 section 9): generated from the CSPRNG and stored as keyed
 * hashes only, so a leaked table does not hand out working codes.
 */
import { createHmac, randomInt } from 'node:crypto';

const BACKUP_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 10 backup codes of 6 uppercase characters from the CSPRNG (spec 000 section 9). */
export function generateBackupCodes(): string[] {
  return Array.from({ length: 10 }, () =>
    Array.from(
      { length: 6 },
      () => BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)],
    ).join(''),
  );
}

/** Backup codes are stored as keyed hashes only; a presented code is hashed before comparison. */
export function hashBackupCode(secret: string, code: string): string {
  return createHmac('sha256', secret)
    .update(`backup-code:${code.trim().toUpperCase()}`)
    .digest('hex');
}

const isHashed = (value: string) => /^[0-9a-f]{64}$/.test(value);

/** The two-factor plugin's backup-code options: our generator, and codes hashed before storage. */
export function backupCodeOptions(secret: string) {
  return {
    customBackupCodesGenerate: generateBackupCodes,
    storeBackupCodes: {
      encrypt: async (json: string) =>
        JSON.stringify(
          (JSON.parse(json) as string[]).map((c) => (isHashed(c) ? c : hashBackupCode(secret, c))),
        ),
      decrypt: async (stored: string) => stored,
    },
  };
}
