/**
 * Remarketing campaigns (spec 001 "Admin remarketing tab", /remarketing; one implementation).
 *
 * Audience (computed in SQL): active, e-mail-confirmed players matching the campaign's criteria:
 * - days_inactive: no entry (or, without entries, no sign-up) in the last N days;
 * - min_participations: at least N confirmed entries;
 * - last_win_days: no prize won in the last N days (0: ignore);
 * - spending_range: total paid for confirmed entries between min and max centavos.
 * Mail goes only to players who accepted marketing e-mails (marketing_consent, LGPD) and carries
 * an unsubscribe link that works without signing in.
 *
 * The spec's ai_score is a propensity score, 0-100, named as such on screen: a recency-frequency-
 * monetary (RFM) blend, 50 % recency exp(-days since last entry / 30), 30 % frequency
 * min(1, entries / 10), 20 % spending min(1, total paid / R$ 1.000). It is a heuristic rank of
 * how likely a player is to come back, not a trained model.
 *
 * Channels: reactivation and e-mail campaigns send mail; SMS campaigns queue one row per
 * recipient in campaign_sms_messages (enqueueCampaignSms), which the SMS sender delivers.
 *
 * Tracking is counted for real: e-mail delivery (queued to the mail queue), open (a 1x1 pixel),
 * click (a redirect to the site); SMS sent / delivered / failed from the message rows; and for
 * both, conversion: a paid, confirmed entry within 7 days after the send.
 *
 * Dates: a campaign runs from 00:00 of its start day to the end of its end day, Brasília time
 * (UTC-3, no daylight saving since 2019). Its status 'completed' (Concluída) is computed on every
 * read from the end date, never stored, so the list, the filter, the toggle and a run agree.
 *
 * The implementation is split by concern (campaign-*.ts); this file is the module's service, the
 * one the routes and the other modules import.
 */
export {
  CONVERSION_WINDOW_DAYS,
  brasiliaDay,
  brasiliaDayStart,
  campaignPeriod,
  campaignProgress,
  effectiveStatus,
  quietHoursEnd,
} from './campaign-dates';
export { type AudienceMember, findAudience, previewAudience } from './campaign-audience';
export { campaignFrom, fillTemplate, renderCampaignMail } from './campaign-mail';
export { campaignStats, getCampaign, listCampaigns } from './campaign-list';
export {
  createCampaign,
  getChannelSettings,
  previewCampaign,
  toggleCampaign,
  updateCampaign,
  updateChannelSettings,
} from './campaign-edit';
export { type CampaignSmsMessage, enqueueCampaignSms, runCampaign } from './campaign-run';
export {
  campaignReport,
  campaignReportColumns,
  campaignReportCsv,
  exportCampaignReportCsv,
} from './campaign-report';
export {
  getMarketingConsent,
  setMarketingConsent,
  trackClick,
  trackOpen,
  unsubscribe,
} from './campaign-tracking';
