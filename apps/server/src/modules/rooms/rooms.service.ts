/**
 * Public rooms and joining them (spec 000 sections 4, 5 and 9; DESIGN.md section 4): the rooms
 * module's public face. Other modules import from here only; the work lives in service/.
 */
export { closeIfComplete, creditCashback, payPendingWithBalance } from './service/entry-payment';
export { expireUnpaidSeats } from './service/expiry';
export { type JoinCaller, balanceJoinLocks, joinPublicRoom, joinRoom } from './service/join';
export {
  type CreateRoomInput,
  createRoom,
  findMyParticipation,
  getPublicRoom,
  listOpenRooms,
  luckyNumber,
  toParticipation,
  toRoom,
} from './service/room-records';
export { PUBLIC_SEAT, type SeatAccess } from './service/seat-access';
export { SEAT_BATCHES_IN_FLIGHT, SEAT_BATCH_MAX, seatBatches } from './service/seat-queue';
