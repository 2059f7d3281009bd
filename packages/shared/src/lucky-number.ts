/**
 * Lucky numbers: a prefix letter for the kind of room, then 7 digits (4 from the clock, 3 random).
 * Each kind of room has its own letter, and no letter can be misread as a digit or as another
 * letter (O and 0, I and 1, S and 5...). Numbers already given keep their letters: the prefix is
 * only read by people, nothing parses it back.
 */
import type { RoomType } from './rooms';

/** Letters a player could read as a digit or as another letter. */
export const LOOKALIKE_LETTERS = ['O', 'Q', 'D', 'I', 'L', 'J', 'S', 'Z', 'B', 'G'] as const;

/**
 * One distinct letter per kind of room; 'privada' is a private room joined through its invite
 * link (joining by the room code gives 6 digits, spec 001 section 3).
 */
export const luckyNumberPrefixes: Record<RoomType, string> = {
  bronze: 'N',
  prata: 'P',
  ouro: 'R',
  platina: 'T',
  premium: 'E',
  master: 'M',
  vip_ultra: 'V',
  privada: 'C',
};

/** The prefix of a room type; an unknown type (never expected) gets 'X'. */
export function luckyNumberPrefix(tipoSala: string): string {
  return (luckyNumberPrefixes as Record<string, string | undefined>)[tipoSala] ?? 'X';
}

/** '<prefix><last 4 digits of the clock in ms><3 random digits>', e.g. 'R4821037'. */
export function formatLuckyNumber(tipoSala: string, nowMs: number, random3: number): string {
  return `${luckyNumberPrefix(tipoSala)}${String(Math.abs(Math.trunc(nowMs)) % 10_000).padStart(4, '0')}${String(random3 % 1000).padStart(3, '0')}`;
}
