/** The draws module's public face for other modules beside draws.service.ts: the payouts. */
export { type PayoutEvent, playerPayoutReason } from './payouts.service';
export { type CreditBalances, creditPayoutToSaldo, retryPayoutNow } from './payout-staff-actions';
