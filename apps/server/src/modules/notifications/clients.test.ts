/**
 * The SMS (Twilio) and WhatsApp Cloud clients against local fake servers that speak the same
 * protocols: what is sent, what a success returns, and which failures are worth a retry.
 */
import { createHmac } from 'node:crypto';
import { toE164Mobile } from '@sorteio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeTwilio,
  type FakeWhatsApp,
  startFakeTwilio,
  startFakeWhatsApp,
} from './fake-providers';
import { ProviderError } from './provider';
import { replyKeyword } from './notifications.service';
import { renderTemplate, whatsappTemplates } from './templates';
import {
  createTwilioClient,
  mapTwilioStatus,
  twilioSignature,
  verifyTwilioSignature,
} from './twilio';
import {
  createWhatsAppClient,
  readWhatsAppNotification,
  verifyWhatsAppSignature,
  whatsappSignature,
} from './whatsapp-cloud';

const approved = Object.fromEntries(
  Object.entries(whatsappTemplates).map(([name, t]) => [name, t.params]),
);
let twilio: FakeTwilio;
let wa: FakeWhatsApp;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  wa = await startFakeWhatsApp(approved);
});
afterAll(async () => {
  await twilio.close();
  await wa.close();
});

const message = {
  to: '+5511987654321',
  body: 'Sorteio Certo: seu saque de R$ 50,00 foi pago por PIX.',
  template: 'saque_pago',
  params: ['R$ 50,00'],
};

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('Twilio client', () => {
  const client = (overrides: { authToken?: string; timeoutMs?: number } = {}) =>
    createTwilioClient(
      {
        accountSid: twilio.accountSid,
        authToken: overrides.authToken ?? twilio.authToken,
        from: '+15005550006',
        baseUrl: twilio.baseUrl,
      },
      {
        statusCallbackUrl: 'https://sorteio.example/api/webhooks/twilio/status',
        timeoutMs: overrides.timeoutMs ?? 2000,
      },
    );

  it('sends a form-encoded message with basic auth and returns the message sid', async () => {
    const result = await client().send(message);
    expect(result.status).toBe('sent');
    expect(result.providerMessageId).toMatch(/^SM[0-9a-f]{32}$/);
    const sent = twilio.messages.at(-1)!;
    expect(sent).toMatchObject({
      To: '+5511987654321',
      From: '+15005550006',
      Body: message.body,
      StatusCallback: 'https://sorteio.example/api/webhooks/twilio/status',
      sid: result.providerMessageId,
    });
  });

  it('uses MessagingServiceSid when the sender is a messaging service', async () => {
    const mg = `MG${'a'.repeat(32)}`;
    await createTwilioClient(
      {
        accountSid: twilio.accountSid,
        authToken: twilio.authToken,
        from: mg,
        baseUrl: twilio.baseUrl,
      },
      { statusCallbackUrl: 'https://x.example/cb', timeoutMs: 2000 },
    ).send(message);
    expect(twilio.messages.at(-1)).toMatchObject({ MessagingServiceSid: mg });
    expect(twilio.messages.at(-1)!.From).toBeUndefined();
  });

  it('retries 5xx and timeouts, not 4xx', async () => {
    twilio.failNext.push(503);
    const e503 = await failure(client().send(message));
    expect([e503.retryable, e503.status]).toEqual([true, 503]);

    const bad = await failure(client().send({ ...message, to: '11987654321' }));
    expect([bad.retryable, bad.status, bad.code]).toEqual([false, 400, '21211']);

    const auth = await failure(client({ authToken: 'errado' }).send(message));
    expect([auth.retryable, auth.status, auth.code]).toEqual([false, 401, '20003']);

    twilio.hang = true;
    try {
      const slow = await failure(client({ timeoutMs: 200 }).send(message));
      expect([slow.retryable, slow.code]).toEqual([true, 'TIMEOUT']);
    } finally {
      twilio.hang = false;
    }
  });

  it('signs like Twilio documents (HMAC-SHA1 of the URL and the sorted parameters)', () => {
    // The example of Twilio's own documentation (api-snippets, signature_validation).
    const params = {
      CallSid: 'CA1234567890ABCDE',
      Caller: '+14158675309',
      Digits: '1234',
      From: '+14158675309',
      To: '+18005551212',
    };
    const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
    expect(twilioSignature('12345', url, params)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
    expect(verifyTwilioSignature('12345', url, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(true);
    expect(
      verifyTwilioSignature(
        '12345',
        url,
        { ...params, Digits: '9' },
        'RSOYDt4T1cUTdK1PDd93/VVr8B8=',
      ),
    ).toBe(false);
    expect(verifyTwilioSignature('12345', url, params, undefined)).toBe(false);
    expect(mapTwilioStatus('undelivered')).toBe('failed');
    expect(mapTwilioStatus('sending')).toBeNull();
  });
});

describe('WhatsApp Cloud client', () => {
  const client = (overrides: { accessToken?: string; timeoutMs?: number } = {}) =>
    createWhatsAppClient(
      {
        accessToken: overrides.accessToken ?? wa.accessToken,
        phoneNumberId: wa.phoneNumberId,
        appSecret: wa.appSecret,
        verifyToken: 'token-de-verificacao',
        apiVersion: 'v21.0',
        baseUrl: wa.baseUrl,
        language: 'pt_BR',
      },
      { timeoutMs: overrides.timeoutMs ?? 2000 },
    );

  it('sends an approved template with its body parameters and returns the wamid', async () => {
    const result = await client().send(message);
    expect(result.providerMessageId).toMatch(/^wamid\./);
    expect(wa.messages.at(-1)).toEqual({
      id: result.providerMessageId,
      to: '5511987654321',
      template: 'saque_pago',
      language: 'pt_BR',
      params: ['R$ 50,00'],
    });
  });

  it('refuses unknown templates and bad tokens for good; retries 5xx and timeouts', async () => {
    const unknown = await failure(client().send({ ...message, template: 'nao_aprovado' }));
    expect([unknown.retryable, unknown.code]).toEqual([false, '132001']);
    const params = await failure(client().send({ ...message, params: [] }));
    expect([params.retryable, params.code]).toEqual([false, '132000']);
    const token = await failure(client({ accessToken: 'errado' }).send(message));
    expect([token.retryable, token.status, token.code]).toEqual([false, 401, '190']);
    wa.failNext.push(500);
    const e500 = await failure(client().send(message));
    expect([e500.retryable, e500.status]).toEqual([true, 500]);
    wa.hang = true;
    try {
      const slow = await failure(client({ timeoutMs: 200 }).send(message));
      expect(slow.retryable).toBe(true);
    } finally {
      wa.hang = false;
    }
  });

  it('checks X-Hub-Signature-256 over the raw body and reads statuses and messages', () => {
    const body = Buffer.from(
      '{"entry":[{"changes":[{"value":{"statuses":[{"id":"wamid.X","status":"read"}],"messages":[{"from":"5511987654321","id":"m","type":"text","text":{"body":"SAIR"}}]}}]}]}',
    );
    const header = `sha256=${createHmac('sha256', 'segredo').update(body).digest('hex')}`;
    expect(whatsappSignature('segredo', body)).toBe(header);
    expect(verifyWhatsAppSignature('segredo', body, header)).toBe(true);
    expect(verifyWhatsAppSignature('outro', body, header)).toBe(false);
    expect(
      verifyWhatsAppSignature('segredo', Buffer.concat([body, Buffer.from(' ')]), header),
    ).toBe(false);
    const read = readWhatsAppNotification(JSON.parse(body.toString()));
    expect(read.statuses).toEqual([{ id: 'wamid.X', status: 'read' }]);
    expect(read.messages[0]?.text?.body).toBe('SAIR');
  });
});

describe('texts, numbers and keywords', () => {
  it('normalises Brazilian mobiles to E.164 and refuses landlines and unknown area codes', () => {
    expect(toE164Mobile('(11) 98765-4321')).toBe('+5511987654321');
    expect(toE164Mobile('+55 21 99876-5432')).toBe('+5521998765432');
    expect(toE164Mobile('011987654321')).toBe('+5511987654321');
    expect(toE164Mobile('(11) 4000-0000')).toBeNull();
    expect(toE164Mobile('(20) 98765-4321')).toBeNull();
    expect(toE164Mobile('(11) 88765-4321')).toBeNull();
  });

  it('recognises the reply keywords', () => {
    expect(['SAIR', 'parar', 'Stop', ' sair por favor', 'PARE'].map(replyKeyword)).toEqual(
      Array(5).fill('opt-out'),
    );
    expect(['VOLTAR', 'start'].map(replyKeyword)).toEqual(['opt-in', 'opt-in']);
    expect(replyKeyword('obrigado')).toBeNull();
  });

  it('renders every template with all its parameters', () => {
    for (const [name, t] of Object.entries(whatsappTemplates)) {
      const params = Array.from({ length: t.params }, (_, i) => `P${i + 1}`);
      const text = renderTemplate(name as keyof typeof whatsappTemplates, params);
      expect(text).not.toMatch(/\{\{/);
      for (const p of params) expect(text).toContain(p);
    }
  });
});
