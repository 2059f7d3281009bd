/**
 * The shared setup of the EFI adapter's contract tests: a fake EFI Pix API per test (fresh state),
 * its certificates, and providers pointed at it (closed after each test).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import type { Config } from '../../../config';
import { PixProviderError } from '../pix-provider';
import { type EfiPixProvider, createEfiProvider } from './efi-provider';
import type { EfiProviderOptions } from './efi-session';
import { type FakeEfi, type TestPki, generateTestPki, startFakeEfi } from './fake-efi-server';

export type EfiConfig = NonNullable<Config['efi']>;

export let pki: TestPki;
/** A second, unrelated PKI: its client certificate is signed by a CA the fake does not know. */
export let foreign: TestPki;
export let fake: FakeEfi;
export const providers: EfiPixProvider[] = [];

/** Registers the hooks: the certificates once per file, a fresh fake EFI for each test. */
export function useFakeEfi() {
  beforeAll(() => {
    pki = generateTestPki();
    foreign = generateTestPki({ p12Password: 'outra-senha' });
  });
  afterAll(() => {
    pki.cleanup();
    foreign.cleanup();
  });
  beforeEach(async () => {
    fake = await startFakeEfi(pki);
  });
  afterEach(async () => {
    vi.useRealTimers();
    for (const p of providers.splice(0)) p.close();
    await fake.close();
  });
}

export function efiConfig(overrides: Partial<EfiConfig> = {}): EfiConfig {
  return {
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    pixKey: fake.pixKey,
    certP12Path: pki.clientP12Path,
    certPassword: pki.clientP12Password,
    sandbox: true,
    baseUrl: fake.baseUrl,
    ...overrides,
  };
}

export function provider(
  overrides: Partial<EfiConfig> = {},
  options: EfiProviderOptions = {},
): EfiPixProvider {
  const p = createEfiProvider(efiConfig(overrides), { ca: Buffer.from(pki.caCertPem), ...options });
  providers.push(p);
  return p;
}

/** A txid following the Banco Central rule (26..35 alphanumerics). */
export function newTxid(): string {
  return randomBytes(16).toString('hex');
}

export function newIdEnvio(): string {
  return `saque${randomBytes(8).toString('hex')}`;
}

export function requestsTo(method: string, prefix: string) {
  return fake.requests.filter((r) => r.method === method && r.path.startsWith(prefix));
}

export async function rejection(promise: Promise<unknown>): Promise<PixProviderError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PixProviderError);
  return error as PixProviderError;
}

export const charge = (txid: string, amountCentavos = 1234) => ({
  txid,
  amountCentavos,
  expiresInSeconds: 900,
  description: 'Entrada na sala Sorteio de sexta',
});
