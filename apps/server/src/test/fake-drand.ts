/**
 * A local drand beacon on loopback speaking drand's HTTP API (GET /{chain hash}/info,
 * GET /{chain hash}/public/{round}, GET /{chain hash}/public/latest) for the quicknet scheme
 * (bls-unchained-g1-rfc9380), signing each round with its own BLS key. A round in the future
 * answers 404 as drand does. Tests can take it down or make it serve a round's data for another
 * round (a replaced round).
 */
import { createHash } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BeaconChain } from '@sorteio/shared';
import { beaconSigner } from '@sorteio/shared/drand';

export interface FakeDrand {
  url: string;
  chain: BeaconChain;
  /** DRAND_* variables pointing at this beacon. */
  env: Record<string, string>;
  /** 'down' answers 503 to everything. */
  mode: 'up' | 'down';
  /** round -> the round whose signature is served instead (a replaced round). */
  replaced: Map<number, number>;
  requests: string[];
  close(): Promise<void>;
}

/** A fixed secret key (hex, 32 bytes) gives the same public key on every start (the browser run). */
export async function startFakeDrand(
  options: { port?: number; period?: number; genesisTime?: number; secretKeyHex?: string } = {},
): Promise<FakeDrand> {
  const signer = beaconSigner(
    options.secretKeyHex ? Uint8Array.from(Buffer.from(options.secretKeyHex, 'hex')) : undefined,
  );
  const period = options.period ?? 1;
  const genesisTime = options.genesisTime ?? Math.floor(Date.now() / 1000) - 3600;
  const hash = createHash('sha256').update(`fake-drand:${signer.publicKeyHex}`).digest('hex');
  const chain: BeaconChain = {
    hash,
    public_key: signer.publicKeyHex,
    period,
    genesis_time: genesisTime,
    scheme: 'bls-unchained-g1-rfc9380',
  };
  const state = { mode: 'up' as 'up' | 'down', replaced: new Map<number, number>() };
  const requests: string[] = [];
  const currentRound = () => Math.floor((Date.now() / 1000 - genesisTime) / period) + 1;
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '';
    requests.push(url);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (state.mode === 'down') return send(503, { error: 'unavailable' });
    const m = /^\/([0-9a-f]{64})\/(info|public\/(latest|\d+))$/.exec(url);
    if (!m || m[1] !== hash) return send(404, { error: 'not found' });
    if (m[2] === 'info')
      return send(200, {
        public_key: chain.public_key,
        period,
        genesis_time: genesisTime,
        hash,
        groupHash: createHash('sha256').update(`group:${hash}`).digest('hex'),
        schemeID: chain.scheme,
        metadata: { beaconID: 'fake-quicknet' },
      });
    const round = m[3] === 'latest' ? currentRound() : Number(m[3]);
    if (round < 1 || round > currentRound()) return send(404, { error: 'round not produced' });
    const served = signer.sign(state.replaced.get(round) ?? round);
    return send(200, { ...served, round });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    chain,
    env: {
      DRAND_URL: url,
      DRAND_CHAIN_HASH: hash,
      DRAND_PUBLIC_KEY: chain.public_key,
      DRAND_PERIOD: String(period),
      DRAND_GENESIS_TIME: String(genesisTime),
    },
    get mode() {
      return state.mode;
    },
    set mode(value) {
      state.mode = value;
    },
    replaced: state.replaced,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
