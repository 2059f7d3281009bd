export const referralAdminKey = ['admin', 'referrals'] as const;
