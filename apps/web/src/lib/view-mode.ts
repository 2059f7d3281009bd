import { readStored, writeStored } from '@/lib/storage';

/**
 * The administrator's "view as user" mode (spec 000 sections 2 and 4): a session flag that lets an
 * administrator open the user dashboard instead of being sent to /admin. It only picks a screen;
 * the server still decides every permission.
 */
export const VIEWING_AS_USER_KEY = 'viewingAsUser';

export function isViewingAsUser(): boolean {
  return readStored('session', VIEWING_AS_USER_KEY) === 'true';
}

export function setViewingAsUser(on: boolean): void {
  writeStored('session', VIEWING_AS_USER_KEY, on ? 'true' : null);
}
