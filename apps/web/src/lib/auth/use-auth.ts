import { use } from 'react';
import { AuthContext, type AuthContextValue } from './auth-context';

export function useAuth(): AuthContextValue {
  const context = use(AuthContext);
  if (!context) {
    // Exact text of spec 000 section 6.
    throw new Error('useAuth must be used within an AuthProvider');
  }
  return context;
}
