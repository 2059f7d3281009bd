/**
 * Test support: fake Twilio Messaging and WhatsApp Cloud API servers on loopback, speaking the
 * documented protocols (see twilio.ts and whatsapp-cloud.ts): the same paths, authentication,
 * request encodings, success bodies and error bodies. Each keeps what it received and can be told
 * to answer the next requests with an error status or to hang. Not for production code.
 */
import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { twilioSignature } from './twilio';
import { whatsappSignature } from './whatsapp-cloud';

interface FakeBase {
  baseUrl: string;
  /** Statuses to answer the next send requests with, in order (e.g. [500] then success). */
  failNext: number[];
  /** Never answer (a timeout on the client side). */
  hang: boolean;
  close(): Promise<void>;
}

function listen(handler: (req: IncomingMessage, res: ServerResponse, raw: string) => void) {
  const open = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      open.add(res);
      res.on('close', () => open.delete(res));
      handler(req, res, raw);
    });
  });
  return new Promise<{ baseUrl: string; close(): Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        baseUrl: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            for (const res of open) res.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

// ---------------------------------------------------------------- Twilio

export interface FakeTwilio extends FakeBase {
  accountSid: string;
  authToken: string;
  /** Accepted messages (form fields as sent). */
  messages: (Record<string, string> & { sid: string })[];
  /** Every send request, accepted or not. */
  requests: number;
}

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const state = {
    messages: [] as FakeTwilio['messages'],
    failNext: [] as number[],
    hang: false,
    requests: 0,
  };
  const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
  const error = (res: ServerResponse, status: number, code: number, message: string) =>
    json(res, status, {
      code,
      message,
      more_info: `https://www.twilio.com/docs/errors/${code}`,
      status,
    });
  const server = await listen((req, res, raw) => {
    if (req.method !== 'POST' || req.url !== path)
      return error(res, 404, 20404, 'The requested resource was not found');
    state.requests += 1;
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return error(res, 401, 20003, 'Authenticate');
    if (state.hang) return;
    const status = state.failNext.shift();
    if (status)
      return status >= 500
        ? error(res, status, 20500, 'Internal Server Error')
        : error(res, status, 21610, 'Attempt to send to unsubscribed recipient');
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
      return error(res, 400, 20001, 'Invalid content type');
    const form = Object.fromEntries(new URLSearchParams(raw));
    if (!form.To || !/^\+[1-9]\d{7,14}$/.test(form.To))
      return error(
        res,
        400,
        21211,
        `The 'To' number ${form.To ?? ''} is not a valid phone number.`,
      );
    if (!form.From && !form.MessagingServiceSid)
      return error(res, 400, 21603, "The 'From' phone number is required.");
    if (!form.Body) return error(res, 400, 21602, 'Message body is required.');
    const sid = `SM${randomBytes(16).toString('hex')}`;
    state.messages.push({ ...form, sid });
    json(res, 201, {
      sid,
      account_sid: accountSid,
      to: form.To,
      from: form.From ?? null,
      messaging_service_sid: form.MessagingServiceSid ?? null,
      body: form.Body,
      status: 'queued',
      num_segments: '1',
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      date_created: new Date().toUTCString(),
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
    });
  });
  return Object.assign(state, server, { accountSid, authToken });
}

/** The environment that points the app's SMS sender at `twilio`. */
export const fakeTwilioEnv = (twilio: FakeTwilio) => ({
  TWILIO_ACCOUNT_SID: twilio.accountSid,
  TWILIO_AUTH_TOKEN: twilio.authToken,
  TWILIO_FROM: '+15005550006',
  TWILIO_BASE_URL: twilio.baseUrl,
});

/** A form post signed like Twilio signs its callbacks (X-Twilio-Signature). */
export function signedTwilioForm(authToken: string, url: string, params: Record<string, string>) {
  return {
    payload: new URLSearchParams(params).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(authToken, url, params),
    },
  };
}

// ---------------------------------------------------------------- WhatsApp Cloud

export interface FakeWhatsApp extends FakeBase {
  accessToken: string;
  phoneNumberId: string;
  appSecret: string;
  messages: { id: string; to: string; template: string; language: string; params: string[] }[];
  requests: number;
}

/** `templates`: the approved templates (name -> number of body parameters). */
export async function startFakeWhatsApp(templates: Record<string, number>): Promise<FakeWhatsApp> {
  const accessToken = `EAAG${randomBytes(20).toString('hex')}`;
  const phoneNumberId = String(100_000_000_000_000 + Math.floor(Math.random() * 1e9));
  const appSecret = randomBytes(16).toString('hex');
  const state = {
    messages: [] as FakeWhatsApp['messages'],
    failNext: [] as number[],
    hang: false,
    requests: 0,
  };
  const error = (
    res: ServerResponse,
    status: number,
    code: number,
    message: string,
    type = 'OAuthException',
  ) =>
    json(res, status, {
      error: { message, type, code, fbtrace_id: randomBytes(8).toString('hex') },
    });
  const server = await listen((req, res, raw) => {
    const match = /^\/v\d+\.\d+\/(\d+)\/messages$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match || match[1] !== phoneNumberId)
      return error(res, 400, 100, 'Unsupported post request.', 'GraphMethodException');
    state.requests += 1;
    if (req.headers.authorization !== `Bearer ${accessToken}`)
      return error(res, 401, 190, 'Invalid OAuth access token - Cannot parse access token');
    if (state.hang) return;
    const status = state.failNext.shift();
    if (status) return error(res, status, 131000, 'Something went wrong', 'OAuthException');
    let body: {
      messaging_product?: string;
      to?: string;
      type?: string;
      template?: {
        name?: string;
        language?: { code?: string };
        components?: { type: string; parameters?: { type: string; text?: string }[] }[];
      };
    };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      return error(res, 400, 100, 'Invalid JSON');
    }
    if (body.messaging_product !== 'whatsapp')
      return error(res, 400, 100, '(#100) The parameter messaging_product is required.');
    if (!body.to || !/^\d{8,15}$/.test(body.to))
      return error(res, 400, 131009, '(#131009) Parameter value is not valid');
    if (body.type !== 'template' || !body.template?.name)
      return error(
        res,
        400,
        131047,
        'Re-engagement message: use a template outside the 24 hour window',
      );
    const expected = templates[body.template.name];
    if (expected === undefined)
      return error(res, 404, 132001, '(#132001) Template name does not exist in the translation');
    const params =
      body.template.components
        ?.find((c) => c.type === 'body')
        ?.parameters?.map((p) => p.text ?? '') ?? [];
    if (params.length !== expected)
      return error(
        res,
        400,
        132000,
        '(#132000) Number of parameters does not match the expected number of params',
      );
    const id = `wamid.${Buffer.from(randomBytes(18)).toString('base64url')}`;
    state.messages.push({
      id,
      to: body.to,
      template: body.template.name,
      language: body.template.language?.code ?? '',
      params,
    });
    json(res, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: body.to, wa_id: body.to }],
      messages: [{ id }],
    });
  });
  return Object.assign(state, server, { accessToken, phoneNumberId, appSecret });
}

/** A webhook notification as the Cloud API posts it, and its X-Hub-Signature-256 header. */
export function signedWhatsAppNotification(
  appSecret: string,
  phoneNumberId: string,
  value: { statuses?: unknown[]; messages?: unknown[] },
) {
  const payload = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '551140000000', phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  });
  return {
    payload,
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': whatsappSignature(appSecret, payload),
    },
  };
}
