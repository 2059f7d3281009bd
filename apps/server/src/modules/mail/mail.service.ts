/**
 * One mail module. With SMTP_URL it sends through that server; without it every message is
 * written to a local outbox in the data folder, listed by the operator page /outbox.
 */
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { OutboxMessage, OutboxMessageSummary } from '@sorteio/shared';
import type { Config } from '../../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Overrides the configured sender (campaigns use their own display name, same address). */
  from?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Only the outbox mailer can list what it kept. */
  outbox: Outbox | null;
  close(): void;
  /** A real check of the transport (SMTP: the server answers; outbox: the folder is writable). */
  check?(): Promise<string>;
}

export interface Outbox {
  list(): Promise<OutboxMessageSummary[]>;
  get(id: string): Promise<OutboxMessage | null>;
}

function createOutbox(dir: string, from: string): Mailer & { outbox: Outbox } {
  const outbox: Outbox = {
    async list() {
      let files: string[];
      try {
        files = await readdir(dir);
      } catch {
        return [];
      }
      const items = await Promise.all(
        files
          .filter((f) => f.endsWith('.json'))
          .map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8')) as OutboxMessage),
      );
      return items
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        .map(({ id, to, subject, createdAt }) => ({ id, to, subject, createdAt }));
    },
    async get(id) {
      if (!/^[a-zA-Z0-9-]+$/.test(id)) return null;
      try {
        return JSON.parse(await readFile(path.join(dir, `${id}.json`), 'utf8')) as OutboxMessage;
      } catch {
        return null;
      }
    },
  };
  return {
    outbox,
    async send(message) {
      await mkdir(dir, { recursive: true });
      const createdAt = new Date().toISOString();
      // Time-ordered ids keep the folder readable; the uuid part keeps them unique.
      const id = `${createdAt.replace(/[-:.TZ]/g, '')}-${randomUUID()}`;
      const stored: OutboxMessage & { from: string } = { id, createdAt, from, ...message };
      await writeFile(path.join(dir, `${id}.json`), JSON.stringify(stored, null, 2));
    },
    close() {},
    async check() {
      await mkdir(dir, { recursive: true });
      await access(dir, constants.W_OK);
      return `caixa de saída local (${dir})`;
    },
  };
}

function createSmtp(url: string, from: string): Mailer {
  // Loaded with the first message: a server on the local outbox never pays for the library.
  let transport: Promise<Transporter> | undefined;
  const connect = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(url),
    ));
  return {
    outbox: null,
    async send(message) {
      await (await connect()).sendMail({ from, ...message });
    },
    close() {
      void transport?.then((open) => {
        open.close();
      });
    },
    async check() {
      await (await connect()).verify();
      return 'servidor SMTP respondeu';
    },
  };
}

export function createMailer(mail: Config['mail']): Mailer {
  return mail.kind === 'smtp' ? createSmtp(mail.url, mail.from) : createOutbox(mail.dir, mail.from);
}
