/**
 * Demo data for the embedded default: an owner administrator, a few players and open rooms of
 * every type. Runs only on an empty database, and never against a real PostgreSQL server unless
 * SEED_DEMO=true. Generated passwords are kept in DATA_DIR/demo-credentials.json and printed at
 * every start so a person trying the product can sign in.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hashPassword } from './lib/password';
import { count, inArray } from 'drizzle-orm';
import type { Config } from './config';
import type { Db } from './db/client';
import { account, profiles, user } from './db/schema';
import { drawRoom } from './modules/draws/draws.service';
import { createRoom, joinRoom } from './modules/rooms/rooms.service';
import { postTransaction } from './modules/wallet/ledger.service';

export interface DemoCredentials {
  admin: { email: string; password: string };
  players: { email: string; password: string; name: string }[];
}

/** Demo players are verified adults with valid (generated) CPFs, so they can join rooms at once. */
const players = [
  {
    name: 'João Silva',
    email: 'joao@demo.sorteiocerto.com.br',
    cpfBase: '123456789',
    birth: '1990-03-15',
    phone: '11987650001',
  },
  {
    name: 'Maria Oliveira',
    email: 'maria@demo.sorteiocerto.com.br',
    cpfBase: '987654321',
    birth: '1985-07-22',
    phone: '21987650002',
  },
  {
    name: 'Ana Souza',
    email: 'ana@demo.sorteiocerto.com.br',
    cpfBase: '456789123',
    birth: '1998-11-02',
    phone: '31987650003',
  },
];

/** Appends the two CPF check digits (Receita Federal modulo-11 rule). */
function cpfFromBase(base: string): string {
  const digits = base.split('').map(Number);
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((acc, d, i) => acc + d * (length + 1 - i), 0);
    const rest = sum % 11;
    digits.push(rest < 2 ? 0 : 11 - rest);
  }
  return digits.join('');
}

const demoRooms = [
  { tipoSala: 'bronze', valorEntradaCentavos: 500, maxParticipantes: 10, taxaBp: 2000 },
  { tipoSala: 'prata', valorEntradaCentavos: 1000, maxParticipantes: 10, taxaBp: 2000 },
  { tipoSala: 'ouro', valorEntradaCentavos: 2500, maxParticipantes: 20, taxaBp: 1500 },
  { tipoSala: 'platina', valorEntradaCentavos: 5000, maxParticipantes: 20, taxaBp: 1500 },
  { tipoSala: 'premium', valorEntradaCentavos: 1000, maxParticipantes: 50, taxaBp: 2000 },
  { tipoSala: 'master', valorEntradaCentavos: 10000, maxParticipantes: 10, taxaBp: 1000 },
  { tipoSala: 'vip_ultra', valorEntradaCentavos: 50000, maxParticipantes: 5, taxaBp: 1000 },
] as const;

function generatePassword(): string {
  return randomBytes(9).toString('base64url');
}

/**
 * R$ 100,00 of demo Saldo: a grant from the platform, not a PIX (the ledger audit keeps money in
 * by PIX apart).
 */
async function grantDemoSaldo(db: Db, userId: string) {
  await postTransaction(db, {
    kind: 'grant',
    idempotencyKey: `demo-topup:${userId}`,
    description: 'Saldo de demonstração',
    userId,
    entries: [
      { account: { kind: 'platform_grants' }, amount: -10_000 },
      { account: { kind: 'user_saldo', userId }, amount: 10_000 },
    ],
  });
}

async function insertUser(
  db: Db,
  input: { email: string; name: string; password: string; role: string },
) {
  const id = randomUUID();
  await db
    .insert(user)
    .values({ id, email: input.email, name: input.name, emailVerified: true, role: input.role });
  await db.insert(account).values({
    id: randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: await hashPassword(input.password),
  });
  return id;
}

export async function seedDemo({
  db,
  config,
}: {
  db: Db;
  config: Config;
}): Promise<DemoCredentials | null> {
  const file = path.join(config.dataDir, 'demo-credentials.json');
  const [row] = await db.select({ n: count() }).from(user);
  if ((row?.n ?? 0) > 0) {
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as DemoCredentials) : null;
  }
  const credentials: DemoCredentials = {
    admin: { email: config.adminEmail, password: config.adminPassword ?? generatePassword() },
    players: players.map((p) => ({ name: p.name, email: p.email, password: generatePassword() })),
  };
  const adminId = await insertUser(db, {
    email: credentials.admin.email,
    name: 'Administrador',
    password: credentials.admin.password,
    role: 'admin',
  });
  await db
    .insert(profiles)
    .values({ id: adminId, nomeCompleto: 'Administrador', statusConta: 'ativo' });
  for (const [i, p] of credentials.players.entries()) {
    const demo = players[i]!;
    const id = await insertUser(db, {
      email: p.email,
      name: p.name,
      password: p.password,
      role: 'user',
    });
    await db.insert(profiles).values({
      id,
      nomeCompleto: p.name,
      cpf: cpfFromBase(demo.cpfBase),
      telefone: demo.phone,
      dataNascimento: demo.birth,
      chavePix: p.email,
      chavePixTipo: 'email',
      isVerified: true,
    });
    // Demo Saldo so entries paid from the balance can be tried at once.
    await grantDemoSaldo(db, id);
  }
  for (const room of demoRooms) {
    await createRoom({ db, input: { ...room, createdBy: adminId } });
  }
  await seedFinishedDraws({
    db,
    config,
    adminId,
    playerEmails: credentials.players.map((p) => p.email),
  });
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(credentials, null, 2), { mode: 0o600 });
  return credentials;
}

export function describeCredentials(baseUrl: string, c: DemoCredentials): string {
  return [
    '',
    `  Sorteio Certo em ${baseUrl}`,
    '',
    '  Contas de demonstração:',
    `    Administrador: ${c.admin.email}  senha: ${c.admin.password}`,
    ...c.players.map((p) => `    Jogador:       ${p.email}  senha: ${p.password}`),
    '',
    `  E-mails enviados ficam em ${baseUrl}/outbox (sem SMTP configurado).`,
    '',
  ].join('\n');
}

/**
 * Finished draws for the transparency pages on a first start: rooms filled by demo players (and a
 * few filler accounts nobody signs in to), paid from their demo Saldo and drawn through the protocol.
 */
async function seedFinishedDraws({
  db,
  config,
  adminId,
  playerEmails,
}: {
  db: Db;
  config: Config;
  adminId: string;
  playerEmails: string[];
}) {
  const fillers: string[] = [];
  for (let i = 1; i <= 5; i += 1) {
    const id = await insertUser(db, {
      email: `participante${i}@demo.sorteiocerto.com.br`,
      name: `Participante ${i}`,
      password: generatePassword(),
      role: 'user',
    });
    await db.insert(profiles).values({
      id,
      nomeCompleto: [
        'Carlos Lima',
        'Fernanda Rocha',
        'Paulo Mendes',
        'Juliana Alves',
        'Rafael Costa',
      ][i - 1],
      isVerified: true,
      dataNascimento: '1991-06-10',
    });
    await grantDemoSaldo(db, id);
    fillers.push(id);
  }
  const players = await db
    .select({ id: user.id })
    .from(user)
    .where(inArray(user.email, playerEmails));
  const everyone = [...players.map((p) => p.id), ...fillers];
  const finished = [
    {
      tipoSala: 'prata',
      valorEntradaCentavos: 1000,
      maxParticipantes: 4,
      taxaBp: 2000,
      who: everyone.slice(2, 6),
    },
    {
      tipoSala: 'ouro',
      valorEntradaCentavos: 2500,
      maxParticipantes: 5,
      taxaBp: 1500,
      who: everyone.slice(0, 5),
    },
  ] as const;
  for (const room of finished) {
    const created = await createRoom({
      db,
      input: {
        tipoSala: room.tipoSala,
        valorEntradaCentavos: room.valorEntradaCentavos,
        maxParticipantes: room.maxParticipantes,
        taxaBp: room.taxaBp,
        createdBy: adminId,
      },
    });
    for (const userId of room.who)
      await joinRoom({ db, config, userId, roomId: created.id, metodo: 'balance' });
    // With a beacon configured (DRAND_URL) the demo's draws are bound to it too (protocol v2).
    await drawRoom({ db, config, salaId: created.id });
  }
}
