import { use } from 'react';
import { AuthContext } from '@/lib/auth/auth-context';
import { useTimeOnSiteReminder } from '../hooks/use-time-on-site-reminder';

/** Mounted once in the layout: the time-on-site reminder of a signed-in player. */
export function TimeOnSiteReminder() {
  const user = use(AuthContext)?.user ?? null;
  useTimeOnSiteReminder(user !== null && user.role === 'user');
  return null;
}
