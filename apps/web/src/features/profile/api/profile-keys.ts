/** Query keys of the account area (TkDodo's key factories). */
export const profileKeys = {
  all: ['profile'] as const,
  detail: () => [...profileKeys.all, 'detail'] as const,
  verification: () => [...profileKeys.all, 'verification'] as const,
  twoFactor: () => [...profileKeys.all, 'two-factor'] as const,
  location: () => [...profileKeys.all, 'location'] as const,
  securityLogs: () => [...profileKeys.all, 'security-logs'] as const,
};
