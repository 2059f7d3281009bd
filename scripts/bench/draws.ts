/**
 * Draw protocol timings: a draw of 100,000 entrants as the server runs it (shared protocol on
 * Node's WebCrypto) and its verification with the shared verifier; plus, through the API, the time
 * from the last confirmed seat (its PIX webhook) to the published draw.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { commitmentOf, runDraw, verifyProof } from '@sorteio/shared';
import { eq } from 'drizzle-orm';
import type { App } from '../../apps/server/src/lib/fastify';
import { account, profiles, sorteios, user } from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/lib/password';
import { createRoom } from '../../apps/server/src/modules/rooms/rooms.service';
import type { SimulatorProvider } from '../../apps/server/src/modules/payments/simulator';

export async function benchDrawProtocol(n = 100_000): Promise<string[]> {
  const seedHex = randomBytes(32).toString('hex');
  const commitment = await commitmentOf(seedHex);
  const roomId = randomUUID();
  const luckyNumbers = Array.from({ length: n }, (_, i) => `O${String(i).padStart(7, '0')}`);
  const t0 = performance.now();
  const result = await runDraw({ seedHex, commitment, roomId, luckyNumbers });
  const drawMs = performance.now() - t0;
  const t1 = performance.now();
  const report = await verifyProof({
    version: 'v1',
    room_id: roomId,
    commitment,
    commitment_published_at: new Date(0).toISOString(),
    seed: seedHex,
    entrants: result.entrants,
    entrants_digest: result.entrantsDigest,
    beacon: '',
    beacon_round: null,
    winner_index: result.winnerIndex,
    winning_number: result.winningNumber,
    hash_prova: result.hashProva,
    drawn_at: new Date().toISOString(),
  });
  const verifyMs = performance.now() - t1;
  if (!report.ok) throw new Error('verification failed');
  return [
    `draw of ${n.toLocaleString('en')} entrants: ${drawMs.toFixed(1)} ms; verification: ${verifyMs.toFixed(1)} ms`,
  ];
}

/** Ten rooms of 10 seats paid by PIX through the API; time from the last webhook to the draw row. */
export async function benchLastSeatToDraw(
  app: App,
  base: string,
  label: string,
): Promise<string[]> {
  const db = app.database.db;
  const hash = await hashPassword('senha-de-bench-1');
  const cookies: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const id = randomUUID();
    const email = `draw-${id.slice(0, 8)}@bench.sorteiocerto.com.br`;
    await db.insert(user).values({ id, email, name: 'bench', emailVerified: true });
    await db.insert(account).values({
      id: randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: hash,
    });
    await db
      .insert(profiles)
      .values({ id, nomeCompleto: 'Bench', isVerified: true, dataNascimento: '1990-01-01' });
    const res = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: app.config.baseUrl,
        'x-forwarded-for': `10.8.0.${i + 1}`,
      },
      body: JSON.stringify({ email, password: 'senha-de-bench-1' }),
    });
    cookies.push(
      res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    );
  }
  // Each player from its own address (through the trusted proxy header), as on the internet.
  const post = async (path: string, cookie: string, body?: unknown) => {
    const res = await fetch(base + path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: app.config.baseUrl,
        cookie,
        'x-forwarded-for': `10.8.1.${cookies.indexOf(cookie) + 1}`,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${path} ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const simulator = app.pix as SimulatorProvider;
  const timings: number[] = [];
  for (let r = 0; r < 10; r += 1) {
    const room = await createRoom({
      db,
      input: { tipoSala: 'ouro', valorEntradaCentavos: 1000, maxParticipantes: 10, taxaBp: 1500 },
    });
    const charges: string[] = [];
    for (const cookie of cookies) {
      const join = (await post(`/api/rooms/${room.id}/join`, cookie, { metodo: 'pix' })) as {
        participation: { id: string };
      };
      const charge = (await post('/api/payments/pix', cookie, {
        participacaoId: join.participation.id,
      })) as { txid: string };
      charges.push(charge.txid);
    }
    for (const txid of charges.slice(0, -1)) {
      await fetch(`${base}/api/webhooks/pix/${app.config.pix.webhookSecret}/pix`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(simulator.pay(txid)),
      });
    }
    const last = simulator.pay(charges.at(-1)!);
    const t0 = performance.now();
    await fetch(`${base}/api/webhooks/pix/${app.config.pix.webhookSecret}/pix`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(last),
    });
    const [drawn] = await db
      .select({ id: sorteios.id })
      .from(sorteios)
      .where(eq(sorteios.salaId, room.id));
    if (!drawn) throw new Error('room not drawn after its last payment');
    timings.push(performance.now() - t0);
  }
  timings.sort((a, b) => a - b);
  return [
    `${label}: last confirmed seat (webhook) to published draw: median ${timings[4]!.toFixed(1)} ms, max ${timings[9]!.toFixed(1)} ms (10 rooms of 10)`,
  ];
}
