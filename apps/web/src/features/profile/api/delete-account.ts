import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/profile/delete: anonymizes the personal data; financial records stay (by law). */
export async function deleteAccount(input: {
  confirmacao: 'EXCLUIR';
  senha: string;
}): Promise<void> {
  await api('/api/profile/delete', { method: 'POST', body: input });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}

/** GET /api/profile/export: the account's data as a JSON file (LGPD art. 18). */
export const EXPORT_URL = '/api/profile/export';
/** GET /api/profile/export/resumo: the same data as a page to read and print. */
export const EXPORT_SUMMARY_URL = '/api/profile/export/resumo';
