import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type EfiConfig,
  type SaveEfiCredentialsInput,
  type UploadCertificateInput,
  efiConfigSchema,
  efiTestResultSchema,
} from '@sorteio/shared';
import { api } from '@/lib/api-client';

export const pixConfigKeys = {
  all: ['admin', 'pix-config'] as const,
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
    onSuccess: (config) => queryClient.setQueryData(pixConfigKeys.all, config),
  });
}

export function useTestIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/admin/pix/test', { method: 'POST', schema: efiTestResultSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pixConfigKeys.all }),
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
