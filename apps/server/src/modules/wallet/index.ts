/** The wallet's public face for other modules: the ledger's money moves and its audit. */
export * from './ledger.service';
export { latestLedgerAudit, runAndStoreLedgerAudit } from './ledger-audit';
