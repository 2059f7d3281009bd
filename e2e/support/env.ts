import os from 'node:os';
import path from 'node:path';

export const e2ePort = () => Number(process.env.E2E_PORT ?? 4310);
export const smtpPort = () => Number(process.env.E2E_SMTP_PORT ?? 4325);
export const dataDir = () => process.env.E2E_DATA_DIR ?? path.resolve('.data-e2e');
export const mailDir = () =>
  path.join(
    process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), 'sorteio-e2e-mail'),
    'smtp-received',
  );
export const origin = () => `http://localhost:${e2ePort()}`;
/** The fake EFI Pix API (mTLS) started by global-setup, and the folder with its CA and .p12. */
export const efiPort = () => Number(process.env.E2E_EFI_PORT ?? e2ePort() + 3);
export const efiDir = () => path.join(os.tmpdir(), `sorteio-e2e-efi-${efiPort()}`);
export const EFI_P12_PASSWORD = 'senha-do-certificado';
