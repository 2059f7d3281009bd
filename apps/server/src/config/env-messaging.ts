/**
 * The environment of talking to people: e-mail, the support contacts and assistant, SMS and
 * WhatsApp notifications, and web push.
 */
import { z } from 'zod';
import { boolFromEnv } from './env-fields';

export const messagingEnv = {
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'deve começar com smtp:// ou smtps://' })
    .optional(),
  MAIL_OUTBOX_PAGE: boolFromEnv.optional(),
  MAIL_FROM: z.string().min(3).default('Sorteio Certo <nao-responda@sorteiocerto.com.br>'),
  SUPPORT_EMAIL: z.email().default('suporte@sorteiocerto.com.br'),
  SUPPORT_WHATSAPP: z.string().default('(11) 4000-0000'),
  AI_BASE_URL: z
    .url({ error: 'deve ser uma URL, por exemplo https://api.openai.com/v1' })
    .optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(20_000),
  AI_FIRST_TOKEN_TIMEOUT_MS: z.coerce.number().int().min(200).max(60_000).default(8_000),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, { error: 'deve começar com AC seguido de 32 caracteres' })
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  /** The sender: a Twilio number in E.164, or a Messaging Service (MG...). */
  TWILIO_FROM: z.string().min(1).optional(),
  TWILIO_BASE_URL: z.url().default('https://api.twilio.com'),
  WHATSAPP_ACCESS_TOKEN: z.string().min(1).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d+$/, { error: 'deve ter só dígitos' }).optional(),
  WHATSAPP_APP_SECRET: z.string().min(1).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(8).optional(),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, { error: 'use o formato v21.0' })
    .default('v21.0'),
  WHATSAPP_BASE_URL: z.url().default('https://graph.facebook.com'),
  WHATSAPP_TEMPLATE_LANGUAGE: z.string().min(2).default('pt_BR'),
  NOTIFY_TIMEOUT_MS: z.coerce.number().int().min(200).max(60_000).default(10_000),
  NOTIFY_DAILY_LIMIT: z.coerce.number().int().min(1).max(100).default(5),
  NOTIFY_RETRY_BASE_SECONDS: z.coerce.number().min(0.01).max(3600).default(10),
  /** Web push (RFC 8292): both keys or neither; neither = a pair made once, kept sealed in the database. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, {
      error: 'deve ser a chave pública P-256 em base64url (87 caracteres)',
    })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, {
      error: 'deve ser a chave privada P-256 em base64url (43 caracteres)',
    })
    .optional(),
  /** Who the push services contact about this sender: mailto: or https:// (SUPPORT_EMAIL by default). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, { error: 'deve começar com mailto: ou https://' })
    .optional(),
};
