/**
 * The drand public randomness beacon, "quicknet" scheme (bls-unchained-g1-rfc9380): each round's
 * signature is a BLS12-381 signature on G1 under the chain's public key on G2, over
 * sha256(round as 8-byte big-endian), hashed to the curve as RFC 9380 says with the DST below; the
 * round's randomness is sha256(signature). Kept out of the package index: @noble/curves is large,
 * so the browser loads this module only on the draw verification page (a dynamic import).
 */
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { sha256 } from '@noble/hashes/sha2.js';
import type { BeaconChain } from './draw-protocol';

export const DRAND_SCHEME = 'bls-unchained-g1-rfc9380';
export const DRAND_DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';

function bytesOf(hex: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})+$/.test(hex)) throw new Error('not lowercase hex');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i += 1) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function hexOf(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/** The signed message of a round: sha256 of the round number as 8 bytes, big-endian. */
export function roundMessage(round: number): Uint8Array {
  if (!Number.isSafeInteger(round) || round < 1) throw new Error('invalid round');
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(round));
  return sha256(bytes);
}

/** randomness = hex sha256(signature bytes). */
export function randomnessOf(signatureHex: string): string {
  return hexOf(sha256(bytesOf(signatureHex)));
}

/** True when `signatureHex` is the chain's valid signature of `round` (never throws). */
export function verifyRoundSignature(input: {
  publicKeyHex: string;
  round: number;
  signatureHex: string;
}): boolean {
  try {
    const sigs = bls12_381.shortSignatures;
    const message = sigs.hash(roundMessage(input.round), DRAND_DST);
    const signature = sigs.Signature.fromHex(input.signatureHex);
    return sigs.verify(signature, message, bytesOf(input.publicKeyHex));
  } catch {
    return false;
  }
}

export interface BeaconRound {
  round: number;
  randomness: string;
  signature: string;
}

/** Checks a fetched round in full: the round asked for, a valid signature, the randomness from it. */
export function verifyBeaconRound(
  chain: Pick<BeaconChain, 'public_key'>,
  expectedRound: number,
  got: BeaconRound,
): { ok: true } | { ok: false; problem: 'round' | 'signature' | 'randomness' } {
  if (got.round !== expectedRound) return { ok: false, problem: 'round' };
  if (
    !verifyRoundSignature({
      publicKeyHex: chain.public_key,
      round: got.round,
      signatureHex: got.signature,
    })
  )
    return { ok: false, problem: 'signature' };
  if (randomnessOf(got.signature) !== got.randomness) return { ok: false, problem: 'randomness' };
  return { ok: true };
}

/** A BLS key pair and signer in the same scheme (the local beacon server of the tests). */
export function beaconSigner(secretKey?: Uint8Array) {
  const sigs = bls12_381.shortSignatures;
  const sk = secretKey ?? bls12_381.utils.randomSecretKey();
  return {
    publicKeyHex: hexOf(sigs.getPublicKey(sk).toBytes()),
    sign(round: number): BeaconRound {
      const signature = hexOf(sigs.sign(sigs.hash(roundMessage(round), DRAND_DST), sk).toBytes());
      return { round, randomness: randomnessOf(signature), signature };
    },
  };
}
