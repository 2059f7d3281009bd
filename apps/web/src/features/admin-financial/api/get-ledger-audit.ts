import { ledgerAuditSchema } from '@sorteio/shared';
import { z } from 'zod';
import { useFinanceQuery } from './finance-keys';

/** GET /api/admin/finance/audit: the last ledger check, if any. */
export const useLedgerAudit = () =>
  useFinanceQuery(
    'audit',
    '/api/admin/finance/audit',
    z.object({ audit: ledgerAuditSchema.nullable() }),
  );
