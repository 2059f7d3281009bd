/**
 * Twilio Programmable Messaging (SMS), the documented REST API:
 * - send: POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To, Body,
 *   From (a number) or MessagingServiceSid (MG...), StatusCallback; HTTP basic auth
 *   AccountSid:AuthToken; answers 201 with the message resource ({ sid: 'SM...', status }) or an
 *   error object ({ code, message, more_info, status }).
 * - status callbacks and incoming messages are form posts signed with X-Twilio-Signature:
 *   base64(HMAC-SHA1(AuthToken, full URL + every POST parameter name and value, sorted by name)).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type ChannelProvider,
  ProviderError,
  fetchWithDeadline,
  isRetryableStatus,
  parseJson,
} from './provider';

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  from: string;
  baseUrl: string;
}

export function twilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

export function verifyTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  header: string | undefined,
): boolean {
  if (!header) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Twilio's message statuses mapped onto the delivery log's (others are in-between states). */
export function mapTwilioStatus(status: string): 'sent' | 'delivered' | 'read' | 'failed' | null {
  switch (status) {
    case 'sent':
      return 'sent';
    case 'delivered':
      return 'delivered';
    case 'read':
      return 'read';
    case 'failed':
    case 'undelivered':
    case 'canceled':
      return 'failed';
    default:
      return null;
  }
}

export function createTwilioClient(
  config: TwilioConfig,
  options: { statusCallbackUrl: string; timeoutMs: number },
): ChannelProvider {
  const url = `${config.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    channel: 'sms',
    async send(message) {
      const form = new URLSearchParams({
        To: message.to,
        Body: message.body,
        StatusCallback: options.statusCallbackUrl,
      });
      if (/^MG[0-9a-fA-F]{32}$/.test(config.from)) form.set('MessagingServiceSid', config.from);
      else form.set('From', config.from);
      const res = await fetchWithDeadline(
        url,
        {
          method: 'POST',
          headers: {
            authorization: auth,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: form.toString(),
        },
        options.timeoutMs,
      );
      const body = parseJson(res.text) as {
        sid?: string;
        status?: string;
        code?: number;
        message?: string;
      } | null;
      if (res.status >= 200 && res.status < 300 && body?.sid)
        return { providerMessageId: body.sid, status: 'sent' };
      throw new ProviderError(
        `Twilio HTTP ${res.status}${body?.code ? ` (${body.code})` : ''}: ${body?.message ?? res.text.slice(0, 200)}`,
        isRetryableStatus(res.status),
        res.status,
        body?.code ? String(body.code) : null,
      );
    },
  };
}
