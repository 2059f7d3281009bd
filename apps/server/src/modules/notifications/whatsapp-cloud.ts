/**
 * WhatsApp Business Cloud API (Meta Graph API), the documented endpoints:
 * - send: POST {base}/{version}/{phone-number-id}/messages with a bearer token and
 *   { messaging_product: 'whatsapp', to, type: 'template', template: { name, language: { code },
 *   components: [{ type: 'body', parameters: [{ type: 'text', text }] }] } }; answers
 *   { messages: [{ id: 'wamid...' }] } or { error: { message, type, code, error_subcode } }.
 *   Business-initiated messages must use an approved template.
 * - webhooks: a GET handshake (hub.mode=subscribe, hub.verify_token, hub.challenge echoed back),
 *   then POSTs signed with X-Hub-Signature-256: 'sha256=' + hex HMAC-SHA256(app secret, raw body),
 *   carrying entry[].changes[].value.statuses[] (sent, delivered, read, failed) and messages[].
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type ChannelProvider,
  ProviderError,
  fetchWithDeadline,
  isRetryableStatus,
  parseJson,
} from './provider';

export interface WhatsAppConfig {
  accessToken: string;
  phoneNumberId: string;
  appSecret: string;
  verifyToken: string;
  apiVersion: string;
  baseUrl: string;
  language: string;
}

export function whatsappSignature(appSecret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

export function verifyWhatsAppSignature(
  appSecret: string,
  rawBody: Buffer,
  header: string | undefined,
): boolean {
  if (!header) return false;
  const expected = Buffer.from(whatsappSignature(appSecret, rawBody));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export interface WhatsAppStatus {
  id: string;
  status: string;
  timestamp?: string;
  recipient_id?: string;
  errors?: { code?: number; title?: string; message?: string }[];
}

export interface WhatsAppInbound {
  from: string;
  id: string;
  type: string;
  text?: { body?: string };
  button?: { text?: string; payload?: string };
}

/** Every status and incoming message of a webhook notification, whatever its nesting. */
export function readWhatsAppNotification(payload: unknown): {
  statuses: WhatsAppStatus[];
  messages: WhatsAppInbound[];
} {
  const statuses: WhatsAppStatus[] = [];
  const messages: WhatsAppInbound[] = [];
  const entries = (payload as { entry?: unknown })?.entry;
  if (!Array.isArray(entries)) return { statuses, messages };
  for (const entry of entries) {
    const changes = (entry as { changes?: unknown })?.changes;
    if (!Array.isArray(changes)) continue;
    for (const change of changes) {
      const value = (change as { value?: { statuses?: unknown; messages?: unknown } })?.value;
      if (Array.isArray(value?.statuses))
        for (const s of value.statuses as WhatsAppStatus[])
          if (typeof s?.id === 'string' && typeof s.status === 'string') statuses.push(s);
      if (Array.isArray(value?.messages))
        for (const m of value.messages as WhatsAppInbound[])
          if (typeof m?.from === 'string') messages.push(m);
    }
  }
  return { statuses, messages };
}

export function mapWhatsAppStatus(status: string): 'sent' | 'delivered' | 'read' | 'failed' | null {
  return status === 'sent' || status === 'delivered' || status === 'read' || status === 'failed'
    ? status
    : null;
}

export function createWhatsAppClient(
  config: WhatsAppConfig,
  options: { timeoutMs: number },
): ChannelProvider {
  const url = `${config.baseUrl}/${config.apiVersion}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  return {
    name: 'whatsapp-cloud',
    channel: 'whatsapp',
    async send(message) {
      const res = await fetchWithDeadline(
        url,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${config.accessToken}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            // The Cloud API takes the number with country code, digits only.
            to: message.to.replace(/^\+/, ''),
            type: 'template',
            template: {
              name: message.template,
              language: { code: config.language },
              components: message.params.length
                ? [
                    {
                      type: 'body',
                      parameters: message.params.map((text) => ({ type: 'text', text })),
                    },
                  ]
                : [],
            },
          }),
        },
        options.timeoutMs,
      );
      const body = parseJson(res.text) as {
        messages?: { id?: string }[];
        error?: { message?: string; code?: number; error_subcode?: number };
      } | null;
      const id = body?.messages?.[0]?.id;
      if (res.status >= 200 && res.status < 300 && id)
        return { providerMessageId: id, status: 'sent' };
      throw new ProviderError(
        `WhatsApp HTTP ${res.status}${body?.error?.code ? ` (${body.error.code})` : ''}: ${body?.error?.message ?? res.text.slice(0, 200)}`,
        isRetryableStatus(res.status),
        res.status,
        body?.error?.code ? String(body.error.code) : null,
      );
    },
  };
}
