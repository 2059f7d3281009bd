/**
 * The staff audit walk's tables: the staff actions walked (every one of them must leave an audit
 * row when it changes anything) and the state-changing routes that are not staff actions. The
 * parts of the walk are merged here, in order; a route walked twice is an error.
 */
import type { Walk } from './setup';
import { walkedAccountsRooms } from './walked-accounts-rooms';
import { walkedSettingsIntegrations } from './walked-settings-integrations';

export * from './setup';
export { notStaffActions } from './not-staff-actions';

function merge(...parts: Record<string, Walk>[]): Record<string, Walk> {
  const all: Record<string, Walk> = {};
  for (const part of parts)
    for (const [route, spec] of Object.entries(part)) {
      if (all[route]) throw new Error(`route walked twice: ${route}`);
      all[route] = spec;
    }
  return all;
}

/** Staff actions: every one of them must leave an audit row when it changes anything. */
export const walked = merge(walkedAccountsRooms, walkedSettingsIntegrations);
