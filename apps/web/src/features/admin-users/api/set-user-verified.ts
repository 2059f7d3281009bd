import { z } from 'zod';
import { send } from '@/lib/api-client';
import { useAdminUserMutation } from './admin-user-keys';

export const useSetUserVerified = () =>
  useAdminUserMutation((input: { userId: string; verified: boolean }) =>
    send(
      'POST',
      `/api/admin/users/${encodeURIComponent(input.userId)}/verified`,
      { verified: input.verified },
      z.object({ isVerified: z.boolean() }),
    ),
  );
