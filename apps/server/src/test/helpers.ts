/**
 * Test helpers: every test file gets its own fresh, migrated database cloned from the template
 * made by global-setup (PGlite in memory, or a PostgreSQL database created from a template).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { hashPassword } from '../lib/password';
import { eq } from 'drizzle-orm';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { InjectOptions, LightMyRequestCallback } from 'fastify';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Database, createDatabase } from '../db/client';
import type { App } from '../lib/fastify';
import type { MailMessage, Mailer } from '../modules/mail/mail.service';
import { type FileStorage, createLocalStorage } from '../lib/storage';
import { account, profiles, user } from '../db/schema';
import { createRoom, joinRoom } from '../modules/rooms/rooms.service';
import { postTransaction } from '../modules/wallet/ledger.service';

let templateBlob: Blob | null = null;

export interface TestDatabase extends Database {
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const target = inject('testDb');
  if (target.kind === 'pglite') {
    templateBlob ??= new Blob([readFileSync(target.templateFile)]);
    const database = await createDatabase(
      { kind: 'pglite', dataDir: null },
      { inMemory: true, loadDataDir: templateBlob },
    );
    return { ...database, drop: () => database.close() };
  }
  const name = `${target.template.replace('tmpl', 't')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: target.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${target.template}`);
  const url = new URL(target.adminUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase(
    { kind: 'postgres', url: url.toString(), poolMax: 10 },
    { guardTransactions: true },
  );
  return {
    ...database,
    async drop() {
      await database.close();
      // A pool's end() resolves once its clients are told to end, not once their connections are
      // gone: dropping with force meanwhile ends them with a FATAL error that a client already
      // released from its pool no longer listens for (an uncaught error in the test process).
      // The file's other pools are closed by now; their connections go within milliseconds.
      for (let wait = 0; wait < 40; wait += 1) {
        const { rows } = await admin.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A mailer that keeps messages in memory for assertions. */
export function createMemoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    outbox: null,
    send: async (message) => {
      sent.push(message);
    },
    close() {},
  };
}

export const TEST_BASE_URL = 'http://localhost:3000';

export function testConfig(
  overrides: Partial<Config> = {},
  env: Record<string, string> = {},
): Config {
  return loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: '/nonexistent-test-data',
      BASE_URL: TEST_BASE_URL,
      ...env,
    },
    {
      overrides: {
        appSecret: 'test-secret-test-secret-test-secret-0123',
        staticDir: null,
        // Tests change rooms through the services, without the live events that clear the cache.
        publicCacheMs: 0,
        ...overrides,
      },
    },
  );
}

export interface TestContext {
  app: App;
  database: TestDatabase;
  mailer: ReturnType<typeof createMemoryMailer>;
  config: Config;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    config?: Partial<Config>;
    env?: Record<string, string>;
    mailer?: Mailer;
    storage?: FileStorage;
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const mailer = createMemoryMailer();
  const config = testConfig(options.config, options.env);
  const storageDir = options.storage ? null : mkdtempSync(path.join(os.tmpdir(), 'sorteio-files-'));
  const app = sendsOwnOrigin(
    await buildApp(config, {
      database,
      mailer: options.mailer ?? mailer,
      storage: options.storage ?? createLocalStorage(storageDir!),
      skipMigrations: true,
      startJobs: false,
      ...(options.logStream ? { logStream: options.logStream } : {}),
    }),
  );
  return {
    app,
    database,
    mailer,
    config,
    async close() {
      // Every integration file ends by checking the ledger invariants (DESIGN.md section 3).
      try {
        await assertLedgerInvariants(database.db);
      } finally {
        await app.close();
        await database.drop();
        if (storageDir) rmSync(storageDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The test file's app: created before its tests, closed after them (closing checks the ledger
 * invariants); with `ledgerEachTest`, the invariants are also checked after every test. The object
 * returned is filled in by the file's first beforeAll, so hooks registered after this call see it.
 */
export function useTestApp(
  options: Parameters<typeof createTestApp>[0] = {},
  { ledgerEachTest = false } = {},
): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(ctx, await createTestApp(options));
  });
  afterAll(async () => ctx.close());
  if (ledgerEachTest) afterEach(async () => expectLedgerInvariants(ctx));
  return ctx;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Makes every injected state change carry the app's own `Origin`, as the browser does on our pages
 * (plugins/request-origin.ts refuses a cookie-carrying one without it). A test that sets `origin`
 * keeps its value; `origin: undefined` sends none (the requests the rule must refuse).
 */
export function sendsOwnOrigin(app: App): App {
  const inject = app.inject.bind(app);
  const origin = new URL(app.config.baseUrl).origin;
  const withOrigin = (opts: InjectOptions | string): InjectOptions => {
    const options = typeof opts === 'string' ? { url: opts } : opts;
    if (SAFE_METHODS.has((options.method ?? 'GET').toUpperCase())) return options;
    const headers: Record<string, string | string[] | number | undefined> = {
      ...options.headers,
    };
    if (!('origin' in headers)) headers.origin = origin;
    else if (headers.origin === undefined) delete headers.origin;
    return { ...options, headers };
  };
  app.inject = ((opts?: InjectOptions | string, callback?: LightMyRequestCallback) => {
    if (opts === undefined) return inject();
    return callback ? inject(withOrigin(opts), callback) : inject(withOrigin(opts));
  }) as App['inject'];
  return app;
}

/** Headers a browser on our own origin would send with a JSON body. */
export const jsonHeaders = { 'content-type': 'application/json', origin: TEST_BASE_URL };

/**
 * A caller as our pages send requests: the session `cookie` and the `body` (JSON) when given, the
 * app's own origin always. `extra` adds inject options (a `remoteAddress`) to every request.
 */
export const caller =
  (ctx: TestContext, extra: Pick<InjectOptions, 'remoteAddress'> = {}) =>
  (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, cookie?: string, body?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: {
        ...(body === undefined ? { origin: jsonHeaders.origin } : jsonHeaders),
        ...(cookie === undefined ? {} : { cookie }),
      },
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
      ...extra,
    });

/**
 * A caller with the session of `cookie()` (read at each call: the cookie is often set in a later
 * hook): a JSON body when one is given, the app's own origin always.
 */
export const callerWith = (ctx: TestContext, cookie: () => string) => {
  const call = caller(ctx);
  return (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    call(method, url, cookie(), body === undefined ? undefined : JSON.stringify(body));
};

/** A real PNG (valid chunks and CRCs) of the given size, grey with a gradient. */
export function makePng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) raw[y * (width + 1) + 1 + x] = (x + y) % 256;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
}

let userCounter = 0;
const DEFAULT_PASSWORD = 'senha-segura-123';
let defaultHashPromise: Promise<string> | null = null;
/** scrypt is slow on purpose: hash the shared test password once per file. */
const defaultHash = () => (defaultHashPromise ??= hashPassword(DEFAULT_PASSWORD));

/** Inserts a confirmed account directly (tests of other flows do not go through sign-up). */
export async function createUser(
  ctx: TestContext,
  options: {
    email?: string;
    password?: string;
    role?: string;
    profile?: Partial<typeof profiles.$inferInsert>;
  } = {},
): Promise<TestUser> {
  userCounter += 1;
  const id = randomUUID();
  const email = options.email ?? `jogador${userCounter}-${id.slice(0, 6)}@teste.com.br`;
  const password = options.password ?? DEFAULT_PASSWORD;
  const db = ctx.database.db;
  await db.insert(user).values({
    id,
    email,
    name: email.split('@')[0]!,
    emailVerified: true,
    role: options.role ?? 'user',
  });
  await db.insert(account).values({
    id: randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: password === DEFAULT_PASSWORD ? await defaultHash() : await hashPassword(password),
  });
  await db.insert(profiles).values({ id, ...options.profile });
  return { id, email, password };
}

/** Signs in through the API and returns the Cookie header for later requests. */
export async function signIn(
  ctx: TestContext,
  who: { email: string; password: string },
  remoteAddress = '127.0.0.1',
): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: jsonHeaders,
    payload: { email: who.email, password: who.password },
    remoteAddress,
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return cookieHeader(res.cookies);
}

export function cookieHeader(cookies: { name: string; value: string }[]): string {
  return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

export async function setVerified(ctx: TestContext, userId: string) {
  await ctx.database.db.update(profiles).set({ isVerified: true }).where(eq(profiles.id, userId));
}

let cpfCounter = 100_000_000;
/** A new valid CPF (check digits computed) for each call. */
export function newCpf(): string {
  cpfCounter += 7919;
  const digits = String(cpfCounter).padStart(9, '0').slice(-9).split('').map(Number);
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((acc, d, i) => acc + d * (length + 1 - i), 0);
    const rest = sum % 11;
    digits.push(rest < 2 ? 0 : 11 - rest);
  }
  return digits.join('');
}

/** A verified adult player with a session (ready to join rooms). */
let playerIp = 0;
export async function verifiedPlayer(ctx: TestContext, remoteAddress?: string) {
  // Taken before any await: players created in parallel each sign in from their own address.
  playerIp += 1;
  const ip = remoteAddress ?? `100.64.${Math.floor(playerIp / 250) % 250}.${(playerIp % 250) + 1}`;
  const u = await createUser(ctx, {
    profile: {
      nomeCompleto: 'Jogador Verificado',
      cpf: newCpf(),
      dataNascimento: '1990-01-01',
      isVerified: true,
    },
  });
  const cookie = await signIn(ctx, u, ip);
  return { ...u, cookie };
}

let topUps = 0;
/** Credits `amount` centavos of Saldo to the user as a PIX top-up that came in. */
export async function topUp(ctx: TestContext, userId: string, amount: number) {
  topUps += 1;
  await postTransaction(ctx.database.db, {
    kind: 'topup',
    idempotencyKey: `test-topup:${topUps}:${userId}`,
    description: 'teste',
    userId,
    entries: [
      { account: { kind: 'pix_clearing' }, amount: -amount },
      { account: { kind: 'user_saldo', userId }, amount },
    ],
  });
}

/**
 * A verified adult player (no session) with `saldo` centavos of Saldo (R$ 1.000,00 by default);
 * `profile` adds to or replaces the profile's fields.
 */
export async function fundedPlayer(
  ctx: TestContext,
  {
    saldo = 100_000,
    profile = {},
  }: { saldo?: number; profile?: Partial<typeof profiles.$inferInsert> } = {},
): Promise<TestUser> {
  const u = await createUser(ctx, {
    profile: {
      nomeCompleto: 'Maria Teste',
      cpf: newCpf(),
      dataNascimento: '1990-01-01',
      isVerified: true,
      ...profile,
    },
  });
  if (saldo > 0) await topUp(ctx, u.id, saldo);
  return u;
}

/** `count` open prata rooms (R$ 10,00 a seat, 10 seats, 10 % fee) to seed entries into. */
export async function prataRooms(ctx: TestContext, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1)
    ids.push(
      (
        await createRoom({
          db: ctx.database.db,
          input: {
            tipoSala: 'prata',
            valorEntradaCentavos: 1000,
            maxParticipantes: 10,
            taxaBp: 1000,
          },
        })
      ).id,
    );
  return ids;
}

/** Seats the users in the room one after another, each paying from their balance. */
export async function joinFromBalance(ctx: TestContext, roomId: string, users: { id: string }[]) {
  for (const u of users)
    await joinRoom({
      db: ctx.database.db,
      config: ctx.config,
      userId: u.id,
      roomId,
      metodo: 'balance',
    });
}

/**
 * A platina room (R$ 10,00 a seat, 15 % fee, automatic draw off; `input` changes it) filled by
 * `players` from their balance: it waits in 'sorteando' for its draw.
 */
export async function filledRoom(
  ctx: TestContext,
  players: { id: string }[],
  input: Partial<Parameters<typeof createRoom>[0]['input']> = {},
) {
  const room = await createRoom({
    db: ctx.database.db,
    input: {
      tipoSala: 'platina',
      valorEntradaCentavos: 1000,
      maxParticipantes: players.length,
      taxaBp: 1500,
      sorteioAutomatico: false,
      ...input,
    },
  });
  await joinFromBalance(ctx, room.id, players);
  return room;
}

/** Asserts the ledger invariants of DESIGN.md section 3. */
export async function expectLedgerInvariants(ctx: TestContext) {
  await assertLedgerInvariants(ctx.database.db);
}

async function assertLedgerInvariants(db: Database['db']) {
  const { checkInvariants } = await import('../modules/wallet/ledger.service');
  const r = await checkInvariants(db);
  if (
    r.totalSum !== 0 ||
    r.unbalancedTransactions ||
    r.negativeBalances ||
    r.cachedBalanceMismatches ||
    r.nonZeroClosedPools
  ) {
    throw new Error(`ledger invariants broken: ${JSON.stringify(r)}`);
  }
}
