import { z } from 'zod';
import { send } from '@/lib/api-client';
import { useAdminUserMutation } from './admin-user-keys';

export const useSetUserStatus = () =>
  useAdminUserMutation((input: { userId: string; statusConta: 'ativo' | 'suspenso' }) =>
    send(
      'POST',
      `/api/admin/users/${encodeURIComponent(input.userId)}/status`,
      { statusConta: input.statusConta },
      z.object({ statusConta: z.enum(['ativo', 'suspenso']) }),
    ),
  );
