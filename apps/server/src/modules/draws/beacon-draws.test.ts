/**
 * Draws bound to a drand beacon (protocol v2), against a local beacon server that signs its rounds
 * with its own BLS key in the quicknet scheme (src/test/fake-drand.ts).
 */
import {
  type DrawProof,
  beaconRoundTimeMs,
  firstBeaconRoundAfter,
  verifyProof,
} from '@sorteio/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { drawBeaconWaits, salas, sorteios } from '../../db/schema';
import { type FakeDrand, startFakeDrand } from '../../test/fake-drand';
import {
  type TestContext,
  createTestApp,
  expectLedgerInvariants,
  fundedPlayer,
  filledRoom,
} from '../../test/helpers';
import { completeDueBeaconDraws, drawDueRooms, drawRoom } from './draws.service';
import { loadConfig, ConfigError } from '../../config';

let ctx: TestContext;
let beacon: FakeDrand;
beforeAll(async () => {
  beacon = await startFakeDrand({ period: 1 });
  ctx = await createTestApp({ env: beacon.env });
});
afterAll(async () => {
  await ctx.close();
  await beacon.close();
});
afterEach(async () => {
  beacon.mode = 'up';
  beacon.replaced.clear();
  await expectLedgerInvariants(ctx);
});
const db = () => ctx.database.db;

async function fullRoom(n: number) {
  const players = [];
  for (let i = 0; i < n; i += 1) players.push(await fundedPlayer(ctx, { saldo: 10_000 }));
  return filledRoom(ctx, players);
}

async function proofOf(sorteioId: string): Promise<DrawProof> {
  const res = await ctx.app.inject({ url: `/api/draws/${sorteioId}/proof` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const failed = async (proof: DrawProof) =>
  (await verifyProof(proof)).checks.filter((c) => !c.ok).map((c) => c.check);

describe('a draw bound to the beacon', () => {
  it('waits for the first round after the freeze and publishes a v2 proof that verifies', async () => {
    const room = await fullRoom(4);
    const before = Date.now();
    const outcome = await drawRoom({ db: db(), config: ctx.config, salaId: room.id });
    expect(outcome.kind).toBe('drawn');
    if (outcome.kind !== 'drawn') return;
    const proof = await proofOf(outcome.sorteioId);
    expect(proof.version).toBe('v2');
    if (proof.version !== 'v2') return;
    expect(proof.beacon_chain).toEqual(beacon.chain);
    const frozenAt = Date.parse(proof.entrants_frozen_at);
    expect(frozenAt).toBeGreaterThanOrEqual(before - 5);
    // The round is the first one produced strictly after the freeze, and it was fetched from the
    // beacon's documented path.
    expect(proof.beacon_round).toBe(firstBeaconRoundAfter(beacon.chain, frozenAt));
    expect(beaconRoundTimeMs(beacon.chain, proof.beacon_round)).toBeGreaterThan(frozenAt);
    expect(beacon.requests).toContain(`/${beacon.chain.hash}/public/${proof.beacon_round}`);
    expect(Date.parse(proof.drawn_at)).toBeGreaterThanOrEqual(
      beaconRoundTimeMs(beacon.chain, proof.beacon_round),
    );
    expect(await failed(proof)).toEqual([]);
    // The wait is gone once the draw is made.
    expect(
      await db().select().from(drawBeaconWaits).where(eq(drawBeaconWaits.salaId, room.id)),
    ).toEqual([]);

    // A proof whose round is replaced by another genuine round of the same chain fails.
    const nextAt = beaconRoundTimeMs(beacon.chain, proof.beacon_round + 1);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, nextAt - Date.now() + 50)));
    const later = await fetch(
      `${beacon.url}/${beacon.chain.hash}/public/${proof.beacon_round + 1}`,
    );
    expect(later.status).toBe(200);
    const other = (await later.json()) as { round: number; randomness: string; signature: string };
    const replaced = {
      ...proof,
      beacon_round: other.round,
      beacon: other.randomness,
      beacon_signature: other.signature,
    };
    expect(await failed(replaced)).toEqual(
      expect.arrayContaining(['beacon_after_freeze', 'hash_prova']),
    );
    expect(await failed(replaced)).not.toContain('beacon_signature');
    // A signature from another key fails the signature check.
    const { beaconSigner } = await import('@sorteio/shared/drand');
    const forged = beaconSigner().sign(proof.beacon_round);
    expect(
      await failed({ ...proof, beacon: forged.randomness, beacon_signature: forged.signature }),
      // (winner_index may still agree: with few entrants another beacon can pick the same seat.)
    ).toEqual(expect.arrayContaining(['beacon_signature', 'hash_prova']));
  });

  it('stays pending with the reason while the beacon serves a bad round, and never draws without it', async () => {
    const room = await fullRoom(3);
    // Every round is served with another round's signature (a replaced round).
    for (let r = 1; r < 100_000; r += 1) beacon.replaced.set(r, r + 7);
    const outcome = await drawRoom({ db: db(), config: ctx.config, salaId: room.id });
    expect(outcome.kind).toBe('pending');
    if (outcome.kind !== 'pending') return;
    expect(outcome.reason).toMatch(/assinatura da rodada \d+ do beacon não confere/);
    const [wait] = await db()
      .select()
      .from(drawBeaconWaits)
      .where(eq(drawBeaconWaits.salaId, room.id));
    expect(wait!.attempts).toBe(1);
    expect(wait!.lastError).toBe(outcome.reason);
    expect(wait!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    const [r] = await db().select().from(salas).where(eq(salas.id, room.id));
    expect(r!.status).toBe('sorteando');
    expect(await db().select().from(sorteios).where(eq(sorteios.salaId, room.id))).toEqual([]);

    // The beacon goes down: still pending, with that reason, the backoff growing.
    beacon.replaced.clear();
    beacon.mode = 'down';
    await db()
      .update(drawBeaconWaits)
      .set({ nextAttemptAt: new Date(Date.now() - 1) })
      .where(eq(drawBeaconWaits.salaId, room.id));
    const retried = await completeDueBeaconDraws({ db: db(), config: ctx.config });
    expect(retried.find((o) => o.salaId === room.id)).toMatchObject({
      kind: 'pending',
      reason: 'Beacon público respondeu HTTP 503.',
    });
    const [wait2] = await db()
      .select()
      .from(drawBeaconWaits)
      .where(eq(drawBeaconWaits.salaId, room.id));
    expect(wait2!.attempts).toBe(2);
    // Backoff: 2 s after the first failure, 4 s after the second.
    expect(wait2!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(3000);
    // A job round before the next attempt does not call the beacon.
    const calls = beacon.requests.length;
    await drawDueRooms({ db: db(), config: ctx.config });
    expect(beacon.requests.length).toBe(calls);

    // Back up: the next due attempt completes the draw on the frozen list, as v2.
    beacon.mode = 'up';
    await db()
      .update(drawBeaconWaits)
      .set({ nextAttemptAt: new Date(Date.now() - 1) })
      .where(eq(drawBeaconWaits.salaId, room.id));
    const done = (await drawDueRooms({ db: db(), config: ctx.config })).find(
      (o) => o.salaId === room.id,
    );
    expect(done?.kind).toBe('drawn');
    if (done?.kind !== 'drawn') return;
    const proof = await proofOf(done.sorteioId);
    expect(proof.version).toBe('v2');
    if (proof.version !== 'v2') return;
    expect(proof.entrants_frozen_at).toBe(wait!.frozenAt.toISOString());
    expect(proof.beacon_round).toBe(wait!.beaconRound);
    expect(await failed(proof)).toEqual([]);
  });

  it('refuses a half-configured beacon at start', () => {
    const { DRAND_PUBLIC_KEY: _omit, ...partial } = beacon.env;
    void _omit;
    expect(() =>
      loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent-test-data', ...partial }),
    ).toThrow(ConfigError);
  });
});
