import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  notificationPreferencesSchema,
  type UpdateNotificationPreferencesInput,
} from '@sorteio/shared';
import { api, send } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

const notificationsKey = () => [...profileKeys.all, 'notifications'] as const;

/** GET /api/profile/notifications: the phone and the SMS / WhatsApp consent. */
export function notificationPreferencesQueryOptions() {
  return queryOptions({
    queryKey: notificationsKey(),
    queryFn: ({ signal }) =>
      api('/api/profile/notifications', { schema: notificationPreferencesSchema, signal }),
  });
}

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}

/** PUT /api/profile/notifications */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateNotificationPreferencesInput) =>
      send('PUT', '/api/profile/notifications', input, notificationPreferencesSchema),
    onSuccess: (data) => queryClient.setQueryData(notificationsKey(), data),
  });
}
