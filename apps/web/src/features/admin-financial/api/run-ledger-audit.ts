import { ledgerAuditSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { useFinanceMutation } from './finance-keys';

/** POST /api/admin/finance/audit: checks the ledger now. */
export const useRunLedgerAudit = () =>
  useFinanceMutation(() =>
    api('/api/admin/finance/audit', { method: 'POST', schema: ledgerAuditSchema }),
  );
