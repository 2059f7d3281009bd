/**
 * The payments module's service face: PIX charges (charges.ts), received PIX and their
 * confirmation (pix-receipts.ts), and the provider polling that backs up lost webhooks
 * (charge-polling.ts).
 */
export * from './charges';
export * from './pix-receipts';
export * from './charge-polling';
