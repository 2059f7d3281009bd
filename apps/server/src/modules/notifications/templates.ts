/**
 * The messages, one per event: the WhatsApp template (name and body parameters, submitted to Meta
 * for approval with exactly these texts, docs/decisions/012-sms-whatsapp.md) and the same text as
 * an SMS. Texts are short: an SMS segment with accents (UCS-2) holds 70 characters, so each
 * message is at most three segments.
 */
import { formatBRL } from '@sorteio/shared';

export interface TemplateDefinition {
  /** The body with {{1}}, {{2}}... as registered at Meta. */
  text: string;
  params: number;
}

export const whatsappTemplates = {
  pix_confirmado: {
    text: 'Sorteio Certo: recebemos seu PIX e sua participação está confirmada. Número da sorte: {{1}}.',
    params: 1,
  },
  pix_creditado: {
    text: 'Sorteio Certo: recebemos seu PIX e o valor foi creditado no seu Saldo.',
    params: 0,
  },
  sorteio_ganhador: {
    text: 'Sorteio Certo: parabéns, você ganhou o sorteio! Prêmio líquido: {{1}}. Confira: {{2}}',
    params: 2,
  },
  sorteio_resultado: {
    text: 'Sorteio Certo: o sorteio da sua sala foi realizado. Confira o resultado: {{1}}',
    params: 1,
  },
  sala_cancelada: {
    text: 'Sorteio Certo: a sala foi cancelada e o valor da sua entrada voltou para o seu Saldo.',
    params: 0,
  },
  premio_pago: {
    text: 'Sorteio Certo: seu prêmio de {{1}} foi pago por PIX.',
    params: 1,
  },
  saque_pago: {
    text: 'Sorteio Certo: seu saque de {{1}} foi pago por PIX.',
    params: 1,
  },
  pagamento_devolvido: {
    text: 'Sorteio Certo: o PIX do seu {{1}} de {{2}} não foi concluído e o valor voltou para o seu Saldo. Confira sua chave PIX no perfil.',
    params: 2,
  },
  alerta_seguranca: {
    text: 'Sorteio Certo: {{1}}. Se não foi você, troque sua senha agora: {{2}}',
    params: 2,
  },
} as const satisfies Record<string, TemplateDefinition>;

export type TemplateName = keyof typeof whatsappTemplates;

/** Appended to every SMS (WhatsApp has its own block and report buttons). */
export const SMS_OPT_OUT_HINT = ' Para não receber mais, responda SAIR.';

export function renderTemplate(name: TemplateName, params: string[]): string {
  return whatsappTemplates[name].text.replace(
    /\{\{(\d+)\}\}/g,
    (_, n: string) => params[Number(n) - 1] ?? '',
  );
}

export interface RenderedEvent {
  template: TemplateName;
  params: string[];
}

/** R$ 1.234,56 with a plain space (Intl puts a no-break space, outside the SMS alphabet). */
export const money = (centavos: number) => formatBRL(centavos).replace(/\u00a0/g, ' ');
