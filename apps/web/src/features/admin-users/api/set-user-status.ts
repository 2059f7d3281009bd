import { z } from 'zod';
import { api } from '@/lib/api-client';
import { useAdminUserMutation } from './admin-user-keys';

export const useSetUserStatus = () =>
  useAdminUserMutation((input: { userId: string; statusConta: 'ativo' | 'suspenso' }) =>
    api(`/api/admin/users/${encodeURIComponent(input.userId)}/status`, {
      method: 'POST',
      body: { statusConta: input.statusConta },
      schema: z.object({ statusConta: z.enum(['ativo', 'suspenso']) }),
    }),
  );
