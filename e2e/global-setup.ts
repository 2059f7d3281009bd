/**
 * Starts, for the whole browser run:
 * - a real SMTP server on loopback; the product sends its mail there (SMTP_URL in
 *   playwright.config.ts) and each message is written to E2E_MAIL_DIR as a file the journeys read;
 * - a fake EFI Pix API with real mTLS;
 * - the journeys' own product copies (support/side-servers.ts) with the local drand beacon one of
 *   them is bound to. They start in the background: their journeys wait until they are ready.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import {
  generateTestPki,
  startFakeEfi,
} from '../apps/server/src/modules/payments/efi/fake-efi-server';
import { startFakeDrand } from '../apps/server/src/test/fake-drand';
import { EFI_P12_PASSWORD, efiDir, efiPort, mailDir, smtpPort } from './support/env';
import {
  beaconPort,
  beaconServerPort,
  sharedAddressPort,
  startSideServer,
} from './support/side-servers';

export default async function globalSetup() {
  mkdirSync(mailDir(), { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        count += 1;
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        writeFileSync(
          path.join(mailDir(), `${Date.now()}-${String(count).padStart(4, '0')}.json`),
          JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(smtpPort(), '127.0.0.1', () => resolve());
  });
  // A fake EFI Pix API with real mTLS for 'Testar Integração' (EFI_SANDBOX_URL, EFI_EXTRA_CA).
  const pki = generateTestPki({
    p12Password: EFI_P12_PASSWORD,
    clientValidity: {
      notBefore: new Date(Date.now() - 60_000),
      notAfter: new Date(Date.now() + 365 * 86_400_000),
    },
  });
  mkdirSync(efiDir(), { recursive: true });
  writeFileSync(path.join(efiDir(), 'ca.pem'), pki.caCertPem);
  copyFileSync(pki.clientP12Path, path.join(efiDir(), 'efi-cliente.p12'));
  const efi = await startFakeEfi(pki, { port: efiPort() });
  // The side servers, in the lane that runs their journeys (scripts/e2e.mjs).
  const side = process.env.E2E_SIDE_SERVERS === '0' ? null : await startSideServers();
  return async () => {
    await side?.stop();
    await efi.close();
    pki.cleanup();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}

/** The journeys' own product copies, and the local drand beacon one of them is bound to. */
async function startSideServers() {
  // Default limits (the suite's server raises them for its many sign-ins): shared-address.spec.ts.
  const sharedAddress = startSideServer('shared-address', sharedAddressPort(), {
    SEED_DEMO: 'false',
    OPERATOR_AUTHORIZATION_ACK: 'sem-autorizacao',
  });
  // Draws bound to a beacon that signs a round every second: beacon.spec.ts. The demo's finished
  // rooms are drawn against it at start.
  const beacon = await startFakeDrand({ port: beaconPort(), period: 1 });
  // Read by beacon.spec.ts (the workers inherit what global setup puts in the environment).
  process.env.E2E_BEACON_CHAIN_HASH = beacon.chain.hash;
  const beaconServer = startSideServer('beacon', beaconServerPort(), {
    RATE_LIMIT_MAX: '10000',
    ...beacon.env,
  });
  return {
    async stop() {
      await Promise.all([sharedAddress.stop(), beaconServer.stop()]);
      await beacon.close();
    },
  };
}
