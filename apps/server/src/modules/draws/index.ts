/** The draws module's public face for other modules beside draws.service.ts: the payouts. */
export {
  type CreditBalances,
  type PayoutEvent,
  creditPayoutToSaldo,
  playerPayoutReason,
  retryPayoutNow,
} from './payouts.service';
