import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ActivatePixOverrideInput,
  type CertificateList,
  type EfiConfig,
  certificateListSchema,
  certificateRefreshResultSchema,
  type SaveEfiCredentialsInput,
  type UploadCertificateInput,
  efiConfigSchema,
  efiTestResultSchema,
} from '@sorteio/shared';
import { api } from '@/lib/api-client';

export const pixConfigKeys = {
  all: ['admin', 'pix-config'] as const,
  certificates: ['admin', 'pix-certificates'] as const,
};

/** GET /api/admin/pix/config (check_config): masked credentials, certificate, last test. */
export function getPixConfig(options: { signal?: AbortSignal } = {}): Promise<EfiConfig> {
  return api('/api/admin/pix/config', { schema: efiConfigSchema, ...options });
}

export function pixConfigQueryOptions() {
  return queryOptions({
    queryKey: pixConfigKeys.all,
    queryFn: ({ signal }) => getPixConfig({ signal }),
  });
}

export function usePixConfig() {
  return useQuery(pixConfigQueryOptions());
}

export function useSaveCredentials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveEfiCredentialsInput) =>
      api('/api/admin/pix/credentials', { method: 'PUT', body: input, schema: efiConfigSchema }),
    onSuccess: (config) => queryClient.setQueryData(pixConfigKeys.all, config),
  });
}

export function useUploadCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadCertificateInput) =>
      api('/api/admin/pix/certificate', { method: 'POST', body: input, schema: efiConfigSchema }),
    onSuccess: (config) => {
      queryClient.setQueryData(pixConfigKeys.all, config);
      void queryClient.invalidateQueries({ queryKey: pixConfigKeys.certificates });
    },
  });
}

/** GET /api/admin/pix/certificates: every uploaded certificate and the counters by status. */
export function useCertificates() {
  return useQuery({
    queryKey: pixConfigKeys.certificates,
    queryFn: ({ signal }) =>
      api('/api/admin/pix/certificates', { schema: certificateListSchema, signal }),
  });
}

/** 'Atualizar Status': the server re-opens each certificate and re-reads its validity. */
export function useRefreshCertificates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api('/api/admin/pix/certificates/refresh', {
        method: 'POST',
        schema: certificateRefreshResultSchema,
      }),
    onSuccess: (result) => {
      queryClient.setQueryData<CertificateList>(pixConfigKeys.certificates, {
        items: result.items,
        counts: result.counts,
      });
      void queryClient.invalidateQueries({ queryKey: pixConfigKeys.all });
    },
  });
}

export function useDeleteCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/admin/pix/certificates/${id}`, { method: 'DELETE', schema: certificateListSchema }),
    onSuccess: (list) => queryClient.setQueryData(pixConfigKeys.certificates, list),
  });
}

export function useTestIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/admin/pix/test', { method: 'POST', schema: efiTestResultSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pixConfigKeys.all }),
  });
}

/** 'Ativar sem teste': the saved configuration goes live on the operator's stated reason. */
export function useActivateOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ActivatePixOverrideInput) =>
      api('/api/admin/pix/activate', { method: 'POST', body: input, schema: efiConfigSchema }),
    onSuccess: (config) => queryClient.setQueryData(pixConfigKeys.all, config),
  });
}

/** 'Voltar ao simulador' / 'Voltar à configuração do ambiente' (the saved one is kept). */
export function useDeactivate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/admin/pix/deactivate', { method: 'POST', schema: efiConfigSchema }),
    onSuccess: (config) => queryClient.setQueryData(pixConfigKeys.all, config),
  });
}

/** The file's bytes as base64 (without the data: prefix). */
export function fileToBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const text = typeof reader.result === 'string' ? reader.result : '';
      resolve(text.slice(text.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('leitura do arquivo falhou'));
    reader.readAsDataURL(file);
  });
}
