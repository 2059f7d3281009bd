import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ResponsiblePlay,
  type SelfExcludeInput,
  type SetPlayLimitInput,
  responsiblePlaySchema,
} from '@sorteio/shared/responsible-play';
import { z } from 'zod';
import { api, send } from '@/lib/api-client';

export const responsiblePlayKeys = {
  all: ['responsible-play'] as const,
  detail: () => [...responsiblePlayKeys.all, 'detail'] as const,
};

/** GET /api/responsible-play: limits, self-exclusion, reminder and the player's own figures. */
export function getResponsiblePlay(
  options: { signal?: AbortSignal } = {},
): Promise<ResponsiblePlay> {
  return api('/api/responsible-play', { schema: responsiblePlaySchema, ...options });
}

export function responsiblePlayQueryOptions() {
  return queryOptions({
    queryKey: responsiblePlayKeys.detail(),
    queryFn: ({ signal }) => getResponsiblePlay({ signal }),
    staleTime: 0,
  });
}

export function useResponsiblePlay(options: { enabled?: boolean } = {}) {
  return useQuery({ ...responsiblePlayQueryOptions(), enabled: options.enabled ?? true });
}

const limitAnswerSchema = z.object({ message: z.string(), pending: z.boolean() });

/** PUT /api/responsible-play/limits: a decrease applies at once, a raise after 24 hours. */
export function setPlayLimit(input: SetPlayLimitInput) {
  return send('PUT', '/api/responsible-play/limits', input, limitAnswerSchema);
}

export function useSetPlayLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPlayLimit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: responsiblePlayKeys.all }),
  });
}

/** POST /api/responsible-play/self-exclusion: immediate, cannot be undone early. */
export function selfExclude(input: SelfExcludeInput): Promise<ResponsiblePlay> {
  return send('POST', '/api/responsible-play/self-exclusion', input, responsiblePlaySchema);
}

export function useSelfExclude() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selfExclude,
    onSuccess: (state) => queryClient.setQueryData(responsiblePlayKeys.detail(), state),
  });
}

/** PUT /api/responsible-play/reminder. */
export function setReminder(minutes: number) {
  return send(
    'PUT',
    '/api/responsible-play/reminder',
    { minutes },
    z.object({ reminderMinutes: z.number() }),
  );
}

export function useSetReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReminder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: responsiblePlayKeys.all }),
  });
}
