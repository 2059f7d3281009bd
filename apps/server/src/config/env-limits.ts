/** The environment's rate limits and live-connection caps. */
import { z } from 'zod';

export const limitsEnv = {
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_SIGN_IN_MAX: z.coerce.number().int().min(1).default(10),
  /** Overrides each account e-mail route's own bound (sign-up 10, reset 5 or 10 per 10 min). */
  RATE_LIMIT_ACCOUNT_MAX: z.coerce.number().int().min(1).optional(),
  RATE_LIMIT_JOIN_MAX: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_ADDRESS_MAX: z.coerce.number().int().min(1).default(3000),
  WS_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(200),
  WS_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  WS_MAX_TOTAL: z.coerce.number().int().min(1).default(10_000),
  WS_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_SUPPORT_MAX: z.coerce.number().int().min(1).default(20),
};
