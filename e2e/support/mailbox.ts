import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { mailDir, origin } from './env';

interface ReceivedMail {
  to: string[];
  raw: string;
}

/** Undoes quoted-printable (soft line breaks and =XX escapes) so links can be read. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function allMail(): ReceivedMail[] {
  let files: string[] = [];
  try {
    files = readdirSync(mailDir()).sort();
  } catch {
    return [];
  }
  return files.map(
    (f) => JSON.parse(readFileSync(path.join(mailDir(), f), 'utf8')) as ReceivedMail,
  );
}

/** Waits for the newest message to `to` with a link to our site containing `pathPart`, and returns that link. */
export async function waitForLink(to: string, pathPart: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const links = allMail()
          .filter((m) => m.to.includes(to.toLowerCase()))
          .flatMap(
            (m) => decodeQuotedPrintable(m.raw).match(/https?:\/\/localhost:\d+\/[^\s"<>]+/g) ?? [],
          )
          .map((l) => l.replace(/&amp;/g, '&'))
          .filter((l) => l.includes(pathPart));
        link = links.at(-1) ?? '';
        return link;
      },
      { timeout: 15_000, message: `e-mail to ${to} with a link to ${pathPart}` },
    )
    .not.toBe('');
  return link;
}

export function mailCount(to: string): number {
  return allMail().filter((m) => m.to.includes(to.toLowerCase())).length;
}

/**
 * A person added by staff sets their own password from the e-mailed set-password link (the token
 * is the link's, posted as the /set-password page does).
 */
export async function setPasswordFromMail(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<void> {
  const token = new URL(await waitForLink(email, '/set-password')).searchParams.get('token') ?? '';
  const res = await request.post('/api/auth/reset-password', {
    data: { newPassword: password, token },
    headers: { origin: origin() },
  });
  expect(res.status(), `set-password: ${await res.text()}`).toBe(200);
}
