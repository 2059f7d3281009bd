/**
 * Draws (DESIGN.md section 5): a room is drawn exactly once, with the published protocol, in one
 * database transaction that also moves the money: the pool's fee to the platform and the net prize
 * to the winner, who is then paid by PIX. A room closing with fewer than two confirmed entrants is
 * cancelled and every entry refunded to the Saldo. The draws module's public face: other modules
 * import from here only; the work lives in service/.
 */
export { beaconWaitOf, completeBeaconDraw, completeDueBeaconDraws } from './service/beacon-draw';
export { drawDueRooms, drawRoom } from './service/draw';
export { drawRecipients, findRoomDraw, getProof, listDraws, prizeText } from './service/draw-reads';
export {
  type PlayerRefund,
  cancelRoom,
  isRefundedSql,
  previewCancellation,
  refundKey,
} from './service/refunds';
export { type DrawOutcome, createPayout } from './service/settle';
