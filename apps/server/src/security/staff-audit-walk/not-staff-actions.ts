const OWN = "the caller's own account or records: not an action on anyone else";
const PLAYERS = 'players only: staff are refused (authz-matrix.test.ts)';
const OPEN = 'open to anyone (signing in, signing up, recovering access): not a staff action';
const SECRET = "an outside party's capability (signature, secret URL, mail token): not staff";

/** State-changing routes that are not staff actions, each with the reason. */
export const notStaffActions: Record<string, string> = {
  // The auth library and account recovery.
  'POST /api/auth/sign-in/email': OPEN,
  'POST /api/auth/sign-up/email': OPEN,
  'POST /api/auth/request-password-reset': OPEN,
  'POST /api/auth/reset-password': OPEN,
  'POST /api/auth/send-verification-email': OPEN,
  'POST /api/auth/two-factor/verify-totp': OPEN,
  'POST /api/auth/two-factor/verify-backup-code': OPEN,
  'POST /api/auth/sign-out': OWN,
  'POST /api/auth/two-factor/enable': OWN,
  'POST /api/account/change-password': OWN,
  // The own profile, sessions, consents and limits.
  'PUT /api/profile': OWN,
  'POST /api/profile/verification': OWN,
  'POST /api/profile/2fa/disable': OWN,
  'POST /api/profile/delete': OWN,
  'PUT /api/profile/notifications': OWN,
  'PUT /api/profile/privacy': OWN,
  'POST /api/profile/export/pedidos': OWN,
  'PUT /api/profile/marketing-consent': OWN,
  // Web push: a subscription is the caller's own device.
  'POST /api/push/subscriptions': OWN,
  'DELETE /api/push/subscriptions': OWN,
  // Only the caller's own sessions exist for the caller (anyone else's id answers 404).
  'POST /api/profile/sessions/:id/revoke': OWN,
  'POST /api/profile/sessions/revoke-others': OWN,
  'PUT /api/responsible-play/limits': OWN,
  'PUT /api/responsible-play/reminder': OWN,
  'POST /api/responsible-play/self-exclusion': OWN,
  // The own Saldo (payouts to the own PIX key; staff acting on others' money is /api/admin).
  'POST /api/wallet/topup': OWN,
  'POST /api/wallet/withdraw': OWN,
  // Creating a room makes the caller its creator; the other private-room routes are walked.
  'POST /api/private-rooms': OWN,
  // The support assistant answers from the caller's own data; a ticket is opened by its author
  // (staff answer tickets from /api/admin/support, walked above).
  'POST /api/support/chat': OWN,
  'POST /api/support/chat/stream': OWN,
  'POST /api/support/tickets': OWN,
  'POST /api/support/tickets/:id/messages': PLAYERS,
  // Taking part and paying: players only.
  'POST /api/rooms/:id/join': PLAYERS,
  'POST /api/private-rooms/by-code/:code/join': PLAYERS,
  'POST /api/private-rooms/invite/:inviteCode/join': PLAYERS,
  'POST /api/private-rooms/:id/pay-with-balance': PLAYERS,
  'POST /api/payments/pix': PLAYERS,
  'POST /api/payments/pix/:txid/simulate': PLAYERS,
  // The room's chat: members only, and staff are not members (there is no staff moderation
  // route; a chat moderation route must be walked above when it is added).
  'POST /api/private-rooms/:id/messages': PLAYERS,
  // Providers' callbacks and campaign mail links.
  'POST /api/webhooks/pix/:secret': SECRET,
  'POST /api/webhooks/pix/:secret/pix': SECRET,
  'POST /api/webhooks/twilio/status': SECRET,
  'POST /api/webhooks/twilio/inbound': SECRET,
  'POST /api/webhooks/whatsapp': SECRET,
  'POST /api/r/u/:token': SECRET,
};
