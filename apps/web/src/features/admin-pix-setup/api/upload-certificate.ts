import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UploadCertificateInput, efiConfigSchema } from '@sorteio/shared';
import { api } from '@/lib/api-client';
import { pixConfigKeys } from './pix-config-keys';

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
