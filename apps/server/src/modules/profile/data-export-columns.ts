/**
 * LGPD art. 18, II: the register of which user-referencing columns the personal-data export reads
 * and which it deliberately leaves out. data-export.test.ts compares it with the database catalog,
 * so a new table holding a user id fails the suite until it is exported (data-export.ts) or
 * excluded here with a reason.
 */

/** `table.column` pairs (database names) that the export reads for the player. */
export const EXPORTED_USER_COLUMNS = [
  'user.id',
  'profiles.id',
  'account.user_id',
  'two_factor.user_id',
  'session.user_id',
  'user_sessions.user_id',
  'user_security_logs.user_id',
  'legal_acceptances.user_id',
  'marketing_consent.user_id',
  'notification_preferences.user_id',
  'notification_consent_events.user_id',
  'notification_messages.user_id',
  'campaign_sms_messages.user_id',
  'remarketing_logs.user_id',
  'verificacao_usuario.user_id',
  'identity_attestations.user_id',
  'participacoes.user_id',
  'sorteios.user_id_vencedor',
  'salas.created_by',
  'pix_charges.user_id',
  'ledger_accounts.user_id',
  'ledger_transactions.user_id',
  'payouts.user_id',
  'responsible_play.user_id',
  'play_limits.user_id',
  'referral_codes.user_id',
  'referrals.inviter_id',
  'referrals.invited_id',
  'support_chat_log.user_id',
  'support_tickets.user_id',
  'private_rooms.creator_id',
  'private_room_messages.user_id',
  'data_exports.user_id',
  'push_subscriptions.user_id',
] as const;

/**
 * Columns that hold a user id but are not a source of the player's export, each with the reason.
 * Most name the staff member who acted (their own work record, not the player's data; the player's
 * side of the same row is exported through the column above it).
 */
export const EXCLUDED_USER_COLUMNS: Record<string, string> = {
  'verificacao_usuario.reviewed_by':
    'staff reviewer; the player gets the outcome through verificacao_usuario.user_id',
  'identity_attestations.attested_by':
    'staff member who attested; the player gets the attestation (with the role) through user_id',
  'settings.updated_by': 'staff member who changed a platform setting: no player data',
  'idempotency_keys.user_id':
    'request keys kept 24 hours to answer a resent request; the joins, charges and withdrawals they answered are exported',
  'session.impersonated_by':
    'staff member behind an impersonated session; the session itself is exported',
  'support_tickets.closed_by': 'staff member who closed the ticket; the ticket is exported',
  'support_ticket_messages.staff_id':
    'staff author of a reply; the reply is exported with the ticket (support_tickets.user_id)',
  'staff_audit_log.actor_id':
    'staff actor; actions on the player are exported through staff_audit_log.target_id',
  'ledger_audit_runs.started_by': 'staff member who started a ledger audit: no player data',
  'pix_certificates.uploaded_by': 'staff member who uploaded a PIX certificate: no player data',
  'service_maintenance.created_by': 'staff member who announced maintenance: no player data',
  'service_maintenance.ended_by': 'staff member who ended maintenance: no player data',
  'external_connections.updated_by': 'staff member who configured an integration: no player data',
  'remarketing_campaigns.created_by': 'staff member who created a campaign: no player data',
  'pix_provider_config.updated_by': 'staff member who configured the PIX provider: no player data',
};

/**
 * Columns never exported whatever the table: secrets (password hashes, tokens, TOTP secrets,
 * backup codes) and large or internal blobs (QR images, file keys, image hashes). Their existence
 * is stated instead where it matters (a password set, 2FA on).
 */
export const NEVER_EXPORTED = [
  'account.password',
  'account.access_token',
  'account.refresh_token',
  'account.id_token',
  'two_factor.secret',
  'two_factor.backup_codes',
  'session.token',
  'remarketing_logs.token',
  'pix_charges.qr_png',
  'verificacao_usuario.foto_documento_key',
  'verificacao_usuario.selfie_key',
  'data_exports.file_key',
  'push_subscriptions.endpoint',
  'push_subscriptions.p256dh',
  'push_subscriptions.auth',
] as const;
