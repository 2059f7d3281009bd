/**
 * Contracts of the administrator rooms tab (spec 001): a room as staff see it and the
 * preview of cancelling it with refunds. Amounts in centavos.
 */
import { z } from 'zod';
import { roomSchema } from './rooms';

export const adminRoomSchema = roomSchema.extend({
  /** The draw, once drawn: its proof page is /sorteios/:sorteioId. */
  sorteioId: z.string().nullable(),
  /** Confirmed seats (participantesAtual also counts seats held for PIX). */
  paidSeats: z.number().int(),
  /**
   * Every participation the room ever had (paid, held for PIX or cancelled): from the first one,
   * the money fields are locked and the room can no longer be deleted.
   */
  entrantsEver: z.number().int(),
  privateRoomName: z.string().nullable(),
});
export type AdminRoom = z.infer<typeof adminRoomSchema>;

/** A player's Saldo and Cashback, in centavos. */
export const walletBalancesSchema = z.object({
  saldo: z.number().int(),
  cashback: z.number().int(),
});

/**
 * GET /api/admin/rooms/:id/cancel-preview: what "Cancelar e reembolsar" will do, shown before the
 * operator confirms (each confirmed entry back to where it came from, the cashback it earned taken
 * back as far as the player still holds it).
 */
export const roomCancelPreviewSchema = z.object({
  salaId: z.uuid(),
  /** Sum of the refunds, in centavos. */
  total: z.number().int(),
  /** Seats held for a PIX not yet paid: released, nothing to give back. */
  pendingSeats: z.number().int(),
  players: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      email: z.string(),
      amount: z.number().int(),
      toSaldo: z.number().int(),
      toCashback: z.number().int(),
      /** Cashback the entry earned that the refund takes back (what the player still holds). */
      cashbackReversed: z.number().int(),
      balances: walletBalancesSchema,
    }),
  ),
});
export type RoomCancelPreview = z.infer<typeof roomCancelPreviewSchema>;
