import {
  meResponseSchema,
  platformStatsSchema,
  publicConfigSchema,
  publicSettingsSchema,
  type MeResponse,
  type PlatformStats,
  type PublicConfig,
  type PublicSettings,
} from '@sorteio/shared';
import { api } from '@/lib/api-client';

/** What the light landing page reads after hydration; the app's query cache starts from it. */
export interface LandingData {
  me: MeResponse;
  settings: PublicSettings;
  config: PublicConfig;
  stats: PlatformStats;
}

export type LandingRequests = { [K in keyof LandingData]: Promise<LandingData[K]> };

/**
 * Starts the four reads at once, each validated like the app's own (loaded after hydration, with
 * zod and the API client, so neither is part of the landing page's first download).
 */
export function loadLandingData(signal: AbortSignal): LandingRequests {
  return {
    me: api('/api/me', { schema: meResponseSchema, signal }),
    settings: api('/api/public/settings', { schema: publicSettingsSchema, signal }),
    config: api('/api/public/config', { schema: publicConfigSchema, signal }),
    stats: api('/api/public/stats', { schema: platformStatsSchema, signal }),
  };
}
