import { z } from 'zod';
import { api } from '@/lib/api-client';
import { useAdminUserMutation } from './admin-user-keys';

export const useSetUserVerified = () =>
  useAdminUserMutation((input: { userId: string; verified: boolean }) =>
    api(`/api/admin/users/${encodeURIComponent(input.userId)}/verified`, {
      method: 'POST',
      body: { verified: input.verified },
      schema: z.object({ isVerified: z.boolean() }),
    }),
  );
