/** The e-mails after a draw and after a prize or withdrawal PIX; the texts are in the mail module. */
import { roomNameLabel, roomTypeLabel } from '@sorteio/shared';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { participacoes, privateRooms, salas, sorteios, user } from '../../db/schema';
import type { Mailer } from '../mail/mail.service';
import { drawResultMail, payoutResultMail, roomCancelledMail } from '../mail';
import { getSetting } from '../settings/settings.service';
import { type DrawOutcome, drawRecipients } from './draws.service';
import type { PayoutEvent } from './payouts.service';

/** The room's name as players read it, the winning number and each participant's own numbers. */
async function drawRoomFacts(db: Db, outcome: Extract<DrawOutcome, { kind: 'drawn' }>) {
  const [row] = await db
    .select({
      tipoSala: salas.tipoSala,
      roomName: privateRooms.roomName,
      customName: privateRooms.customName,
      winningNumber: sorteios.numeroVencedor,
    })
    .from(sorteios)
    .innerJoin(salas, eq(salas.id, sorteios.salaId))
    .leftJoin(privateRooms, eq(privateRooms.salaId, salas.id))
    .where(eq(sorteios.id, outcome.sorteioId));
  const seats = await db
    .select({ userId: participacoes.userId, numero: participacoes.numeroSorte })
    .from(participacoes)
    .where(
      and(
        eq(participacoes.salaId, outcome.salaId),
        eq(participacoes.statusPagamento, 'confirmado'),
      ),
    );
  const numbersOf = new Map<string, string[]>();
  for (const s of seats) numbersOf.set(s.userId, [...(numbersOf.get(s.userId) ?? []), s.numero]);
  const privateName = row?.customName || row?.roomName;
  return {
    name: privateName
      ? `sala privada “${roomNameLabel(privateName)}”`
      : `Sala ${roomTypeLabel(row?.tipoSala ?? '')}`,
    winningNumber: row?.winningNumber ?? '',
    numbersOf,
  };
}

/** E-mails after a draw: the winner and every participant, with the verification link. */
export async function notifyDraw(db: Db, mailer: Mailer, config: Config, outcome: DrawOutcome) {
  // The setting "Notificações por e-mail" (Config. > Notificações).
  if (!(await getSetting(db, 'notifications.email'))) return;
  if (outcome.kind === 'cancelled') {
    for (const id of outcome.refundedUserIds) {
      const [u] = await db.select({ email: user.email }).from(user).where(eq(user.id, id));
      if (!u) continue;
      await mailer.send(roomCancelledMail({ to: u.email, baseUrl: config.baseUrl }));
    }
    return outcome.refundedUserIds.length;
  }
  if (outcome.kind !== 'drawn') return 0;
  const link = `${config.baseUrl}/sorteios/${outcome.sorteioId}`;
  const recipients = await drawRecipients(db, outcome);
  const room = await drawRoomFacts(db, outcome);
  for (const r of recipients) {
    await mailer.send(
      drawResultMail({
        to: r.email,
        winner: r.winner,
        roomName: room.name,
        luckyNumbers: room.numbersOf.get(r.id) ?? [],
        winningNumber: room.winningNumber,
        net: outcome.net,
        sentByPix: outcome.payoutId !== null,
        proofUrl: link,
      }),
    );
  }
  return recipients.length;
}

/** The e-mail after a prize or withdrawal PIX was sent, or came back to the Saldo. */
export async function notifyPayout(db: Db, mailer: Mailer, config: Config, event: PayoutEvent) {
  if (event.result === 'retry') return;
  if (!(await getSetting(db, 'notifications.email'))) return;
  const [u] = await db.select({ email: user.email }).from(user).where(eq(user.id, event.userId));
  if (!u) return;
  await mailer.send(
    payoutResultMail({
      to: u.email,
      kind: event.kind,
      paid: event.result === 'confirmado',
      amount: event.amount,
      baseUrl: config.baseUrl,
    }),
  );
}
