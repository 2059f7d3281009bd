import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  dataExportJobSchema,
  dataExportStateSchema,
  type DataExportJob,
  type DataExportState,
} from '@sorteio/shared/data-export';
import { api, send } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

/** GET /api/profile/export/estado: the account's size and the latest prepared export. */
export function getDataExportState(
  options: { signal?: AbortSignal } = {},
): Promise<DataExportState> {
  return api('/api/profile/export/estado', { schema: dataExportStateSchema, ...options });
}

export function dataExportStateQueryOptions() {
  return queryOptions({
    queryKey: [...profileKeys.all, 'data-export'] as const,
    queryFn: ({ signal }) => getDataExportState({ signal }),
    // While the export is prepared, follow it.
    refetchInterval: (query) => {
      const status = query.state.data?.latest?.status;
      return status === 'pendente' || status === 'processando' ? 3000 : false;
    },
  });
}

export function useDataExportState() {
  return useQuery(dataExportStateQueryOptions());
}

/** POST /api/profile/export/pedidos: prepare the export in the background (e-mailed when ready). */
export function requestDataExport(input: { incluirImagens: boolean }): Promise<DataExportJob> {
  return send('POST', '/api/profile/export/pedidos', input, dataExportJobSchema);
}

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDataExport,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: dataExportStateQueryOptions().queryKey }),
  });
}

/** The immediate download (accounts below the size limit); a zip when the images are included. */
export const immediateExportUrl = (includeImages: boolean) =>
  includeImages ? '/api/profile/export?incluirImagens=true' : '/api/profile/export';

/** The prepared file (only with the owner's session). */
export const preparedExportUrl = (id: string) => `/api/profile/export/pedidos/${id}/arquivo`;
