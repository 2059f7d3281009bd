/**
 * The seat rules' order (seat-rules.ts): a join on its own and a batch of queued seats both ask
 * `seatRefusal`, so this order is the answer every path gives. The room rows here are public, so
 * no database is touched (only a private room's access reads one).
 */
import { joinMessages } from '@sorteio/shared';
import { describe, expect, it, vi } from 'vitest';
import type { salas } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import type { DbOrTx } from '../../wallet/ledger.service';
import { PUBLIC_SEAT } from './seat-access';
import { type SeatFacts, seatRefusal } from './seat-rules';

const tx = {} as DbOrTx;
const room = (over: Partial<typeof salas.$inferSelect> = {}) =>
  ({
    id: '00000000-0000-4000-8000-000000000001',
    tipoSala: 'premium',
    status: 'aberta',
    participantesAtual: 1,
    maxParticipantes: 2,
    valorEntrada: 1000,
    temLimitePessoas: true,
    ...over,
  }) as typeof salas.$inferSelect;
const facts = (over: Partial<SeatFacts> = {}): SeatFacts => ({
  access: PUBLIC_SEAT,
  messages: joinMessages,
  mayPlay: () => null,
  holdsSeat: false,
  ...over,
});
const reasonOf = async (r: typeof salas.$inferSelect | undefined, f: SeatFacts) => {
  const refusal = await seatRefusal(tx, r, f);
  return refusal && { code: refusal.code, reason: refusal.reason, message: refusal.message };
};

describe('seat rules', () => {
  it('answers 404 for a missing room and for a private room reached by a public path', async () => {
    expect(await reasonOf(undefined, facts())).toEqual({
      code: 'NOT_FOUND',
      reason: undefined,
      message: joinMessages.notFound,
    });
    expect((await reasonOf(room({ tipoSala: 'privada' }), facts()))?.code).toBe('NOT_FOUND');
  });

  it('asks responsible play before the room status, and the status before the seats', async () => {
    const excluded = new AppError('FORBIDDEN', { reason: 'SELF_EXCLUDED' });
    const closedAndFull = room({ status: 'sorteando', participantesAtual: 2 });
    expect((await reasonOf(closedAndFull, facts({ mayPlay: () => excluded })))?.reason).toBe(
      'SELF_EXCLUDED',
    );
    expect((await reasonOf(closedAndFull, facts({ holdsSeat: true })))?.reason).toBe(
      'ROOM_NOT_OPEN',
    );
  });

  it('tells a seated player they are in, even from a full room; others that it is full', async () => {
    const full = room({ participantesAtual: 2 });
    expect((await reasonOf(full, facts({ holdsSeat: true })))?.reason).toBe('ALREADY_JOINED');
    expect((await reasonOf(full, facts({ holdsSeat: async () => true })))?.reason).toBe(
      'ALREADY_JOINED',
    );
    expect((await reasonOf(full, facts()))?.reason).toBe('ROOM_FULL');
    expect((await reasonOf(room(), facts({ freeSeats: 0 })))?.reason).toBe('ROOM_FULL');
    expect(await reasonOf(room({ participantesAtual: 5, temLimitePessoas: false }), facts())).toBe(
      null,
    );
  });

  it('reads a seat held on demand only when the room is full', async () => {
    const holdsSeat = vi.fn(async () => true);
    expect(await reasonOf(room(), facts({ holdsSeat }))).toBe(null);
    expect(holdsSeat).not.toHaveBeenCalled();
  });
});
