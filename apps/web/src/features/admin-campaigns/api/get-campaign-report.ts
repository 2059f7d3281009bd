import { useQuery } from '@tanstack/react-query';
import { campaignReportSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { campaignKeys } from './campaign-keys';

export const useCampaignReport = (id: string | null) =>
  useQuery({
    queryKey: campaignKeys.report(id ?? ''),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      api(`/api/admin/campaigns/${id}/report`, { schema: campaignReportSchema, signal }),
  });

/** The 'Relatório' CSV (Excel pt-BR), downloaded by the browser with the session cookie. */
export const campaignReportCsvUrl = (id: string) => `/api/admin/campaigns/${id}/report.csv`;
