import { isApiError } from '@/lib/api-client';

/** The server's message, the error's own, or the fallback. */
export const errorText = (error: unknown, fallback: string) =>
  isApiError(error) ? error.message : error instanceof Error ? error.message : fallback;
