/**
 * Draw protocol timing: a draw of 100,000 entrants as the server runs it (shared protocol on
 * Node's WebCrypto) and its verification with the shared verifier. Pure computation, no server.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { commitmentOf, runDraw, verifyProof } from '@sorteio/shared';

export async function benchDrawProtocol(n = 100_000): Promise<string> {
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
  return `draw of ${n.toLocaleString('en')} entrants: ${drawMs.toFixed(1)} ms; verification: ${verifyMs.toFixed(1)} ms (in this process, no server)`;
}
