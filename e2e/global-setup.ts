/**
 * Starts a real SMTP server on loopback for the whole browser run; the product sends its mail
 * there (SMTP_URL in playwright.config.ts) and each message is written to E2E_MAIL_DIR as a file
 * the journeys read.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { mailDir, smtpPort } from './support/env';

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
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
