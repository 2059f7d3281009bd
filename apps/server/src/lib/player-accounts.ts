import { eq } from 'drizzle-orm';
import { user } from '../db/schema';

/**
 * Accounts that are players: every figure that counts "users" or "sign-ups" (dashboards,
 * analytics, the public numbers) filters with this, so the staff never inflate them.
 */
export const isPlayerAccount = eq(user.role, 'user');
