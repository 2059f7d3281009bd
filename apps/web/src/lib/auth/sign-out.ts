import { api, isApiError } from '@/lib/api-client';

/**
 * POST /api/auth/sign-out. 401, 403 and 404 mean there is no session left to end, which is what
 * the caller wanted (spec 000 section 7), so they count as success.
 */
export async function signOut(): Promise<void> {
  try {
    await api('/api/auth/sign-out', { method: 'POST', body: {} });
  } catch (error) {
    if (isApiError(error) && [401, 403, 404].includes(error.status)) return;
    throw error;
  }
}
