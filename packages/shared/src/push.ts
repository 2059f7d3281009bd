/**
 * Web push (RFC 8030, with VAPID, RFC 8292): the player's browser subscribes through its service
 * worker and sends the subscription here; the server then pushes the room notices (full, drawn,
 * won, cancelled, prize paid) to that device, as the live notices reach an open screen.
 */
import { z } from 'zod';

/** GET /api/push/public-key: the server's VAPID public key (applicationServerKey). */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: 'Chave inválida.' });

/** A push service's endpoint: an https URL (http only for a push service on this machine). */
const endpointSchema = z
  .url({ protocol: /^https?$/, error: 'Endereço de notificação inválido.' })
  .max(2048);

/** POST /api/push/subscriptions: PushSubscription.toJSON() of the browser. */
export const pushSubscriptionInputSchema = z.object({
  endpoint: endpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url.max(200), auth: base64url.max(100) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** DELETE /api/push/subscriptions: this device stops receiving. */
export const deletePushSubscriptionInputSchema = z.object({ endpoint: endpointSchema });
export type DeletePushSubscriptionInput = z.infer<typeof deletePushSubscriptionInputSchema>;

export const pushSubscriptionResultSchema = z.object({ subscribed: z.boolean() });
export type PushSubscriptionResult = z.infer<typeof pushSubscriptionResultSchema>;

/** What the service worker receives in a push event and shows as a notification. */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** A path on this site, opened when the notification is tapped. */
  url: z.string().regex(/^\/(?![/\\])/),
  tag: z.string().optional(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

export type PushNoticeKind = 'filled' | 'drawn' | 'won' | 'cancelled' | 'paid';

/** The same words as the on-screen notices of the player's rooms. */
const noticeTexts: Record<PushNoticeKind, { title: string; body: (room: string) => string }> = {
  filled: {
    title: 'Sua sala está completa',
    body: (room) => `${room} completou todas as vagas. O sorteio acontece agora.`,
  },
  drawn: {
    title: 'Sorteio realizado',
    body: (room) => `${room} foi sorteada. Não foi desta vez.`,
  },
  won: {
    title: 'Você ganhou!',
    body: (room) => `${room} foi sorteada e o prêmio é seu.`,
  },
  cancelled: {
    title: 'Sala cancelada',
    body: (room) => `${room} foi cancelada e sua entrada foi devolvida.`,
  },
  paid: {
    title: 'Prêmio pago',
    body: (room) => `O prêmio de ${room} foi enviado para a sua chave PIX.`,
  },
};

/** A room notice as a push message. */
export function pushNoticeMessage(notice: {
  kind: PushNoticeKind;
  roomName: string;
  href: string;
}): PushMessage {
  const text = noticeTexts[notice.kind];
  return {
    title: text.title,
    body: text.body(notice.roomName),
    url: notice.href,
    tag: `${notice.kind}:${notice.href}`,
  };
}

export const pushMessages = {
  cardTitle: 'Receber notificações no celular',
  cardDescription:
    'Avisamos neste aparelho quando sua sala completa, quando ela é sorteada, se você ganhou e quando o prêmio é pago.',
  switchLabel: 'Notificações neste aparelho',
  unsupported:
    'Este navegador não recebe notificações. No iPhone, adicione o site à tela de início.',
  denied:
    'As notificações estão bloqueadas para este site. Libere nas configurações do navegador e tente de novo.',
  enabled: 'Notificações ativadas neste aparelho.',
  disabled: 'Notificações desativadas neste aparelho.',
  failed: 'Não foi possível ativar as notificações. Tente novamente.',
} as const;
