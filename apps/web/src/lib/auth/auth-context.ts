import type { SessionUser } from '@sorteio/shared';
import { createContext } from 'react';

/** The authentication state of spec 000 section 4. */
export interface AuthContextValue {
  user: SessionUser | null;
  /** True until the first session lookup ends, and while signing out. */
  loading: boolean;
  /** Reads the session again (after sign-in, sign-up, a profile change). */
  refresh: () => Promise<void>;
  /** Ends the session; afterwards `user` is null. */
  signOut: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
