/**
 * The platform fee and the prize of a room: one place, so what a room shows before paying, what the
 * API returns and what the draw posts to the ledger are the same figures (issue 33). Without zod, so
 * the room cards can import it without loading the schemas.
 */
import { assertCentavos } from './money-format';

/** The settings' starting values (fees.platformFeeBp, privateRooms.feeBp), in basis points. */
export const DEFAULT_PUBLIC_ROOM_FEE_BP = 1500;
export const DEFAULT_PRIVATE_ROOM_FEE_BP = 1000;

/**
 * amount x bp / 10000, rounded to the centavo, half up (ties away from zero for positive
 * amounts). Exact: computed with BigInt.
 */
export function percentOf(centavos: number, basisPoints: number): number {
  assertCentavos(centavos);
  if (!Number.isInteger(basisPoints) || basisPoints < 0) {
    throw new RangeError(`Invalid basis points: ${basisPoints}`);
  }
  const product = BigInt(centavos) * BigInt(basisPoints);
  const negative = product < 0n;
  const abs = negative ? -product : product;
  const rounded = (abs + 5000n) / 10000n;
  return Number(negative ? -rounded : rounded);
}

export interface Prize {
  grossCentavos: number;
  feeCentavos: number;
  netCentavos: number;
}

/**
 * A pool split into the platform fee and the prize: fee = pool x bp rounded half up to the
 * centavo, prize = pool - fee (so fee + prize is always the pool, not a centavo more or less).
 * The draw posts exactly this to the ledger; the rooms show it for a full room.
 */
export function splitPool(poolCentavos: number, feeBasisPoints: number): Prize {
  const feeCentavos = percentOf(poolCentavos, feeBasisPoints);
  return { grossCentavos: poolCentavos, feeCentavos, netCentavos: poolCentavos - feeCentavos };
}

/**
 * The prize of a room (spec 001 section 5): gross = entry x max participants;
 * fee = gross x fee% / 100 rounded half up to the centavo; net = gross - fee.
 */
export function computePrize(input: {
  entryCentavos: number;
  maxParticipants: number;
  feeBasisPoints: number;
}): Prize {
  const { entryCentavos, maxParticipants, feeBasisPoints } = input;
  assertCentavos(entryCentavos);
  if (!Number.isInteger(maxParticipants) || maxParticipants < 0) {
    throw new RangeError(`Invalid participant count: ${maxParticipants}`);
  }
  const grossCentavos = entryCentavos * maxParticipants;
  assertCentavos(grossCentavos);
  return splitPool(grossCentavos, feeBasisPoints);
}

/**
 * The fee a new room gets: its own when one was chosen, else the platform setting. Once created,
 * the room keeps that number (salas.taxa_personalizada_bp) and everything reads it from there.
 */
export function roomFeeBp(ownBp: number | null | undefined, settingBp: number): number {
  return ownBp ?? settingBp;
}

/** 1500 -> "15%", 1250 -> "12,5%", 1234 -> "12,34%". */
export function formatFeePercent(basisPoints: number): string {
  return `${String(basisPoints / 100).replace('.', ',')}%`;
}

/** "Taxa da Plataforma (10%)": the label of spec 001 (private room payment card), on every room. */
export function platformFeeLabel(basisPoints: number): string {
  return `Taxa da Plataforma (${formatFeePercent(basisPoints)})`;
}
