/**
 * The PIX set-up tests' app: fake EFI servers over real mTLS (one per PKI given, their CAs trusted
 * through EFI_EXTRA_CA), the first as the sandbox, and a signed-in administrator.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type TestContext, callerWith, createUser, signIn, useTestApp } from './helpers';
import {
  type FakeEfi,
  type TestPki,
  generateTestPki,
  startFakeEfi,
} from '../modules/payments/efi/fake-efi-server';

export function useEfiAdminApp(setup: {
  /** The fake servers' PKIs (default: one); the first server is the sandbox. */
  pkis?: () => TestPki[];
  /** EFI_PRODUCTION_URL, given the fake servers. */
  productionUrl: (fakes: FakeEfi[]) => string;
  /** The administrator's sign-in address. */
  adminIp: string;
}) {
  const pkis: TestPki[] = [];
  const fakes: FakeEfi[] = [];
  const env: Record<string, string> = {};
  let dir: string | undefined;
  let admin = '';
  // Registered first: its afterAll runs after the app's (hooks run in reverse order).
  beforeAll(async () => {
    pkis.push(...(setup.pkis?.() ?? [generateTestPki()]));
    for (const pki of pkis) fakes.push(await startFakeEfi(pki));
    dir = mkdtempSync(path.join(os.tmpdir(), 'efi-ca-'));
    const caFile = path.join(dir, 'ca.pem');
    writeFileSync(caFile, pkis.map((p) => p.caCertPem).join('\n'));
    Object.assign(env, {
      EFI_SANDBOX_URL: fakes[0]!.baseUrl,
      EFI_PRODUCTION_URL: setup.productionUrl(fakes),
      EFI_EXTRA_CA: caFile,
    });
  }, 180_000);
  afterAll(async () => {
    for (const fake of fakes) await fake.close();
    for (const pki of pkis) pki.cleanup();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const ctx: TestContext = useTestApp({ env });
  beforeAll(async () => {
    admin = await signIn(ctx, await createUser(ctx, { role: 'admin' }), setup.adminIp);
  });

  /** A call as the administrator (a JSON body when given). */
  const call = callerWith(ctx, () => admin);

  return {
    ctx,
    call,
    /** The sandbox server and its PKI. */
    get fake() {
      return fakes[0]!;
    },
    get pki() {
      return pkis[0]!;
    },
    fakes,
    pkis,
  };
}
