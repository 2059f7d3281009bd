/** Portuguese e-mail templates, each in HTML and text. */
import { formatBRL, plural } from '@sorteio/shared';
import type { MailMessage } from './mail.service';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

interface Layout {
  to: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
}

/** A plain, mobile-friendly layout; the text version carries the same content and link. */
export function renderMail({
  to,
  subject,
  heading,
  paragraphs,
  action,
  footnote,
}: Layout): MailMessage {
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f4f6f5;font-family:Arial,Helvetica,sans-serif;color:#1a2b23">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:28px">
<tr><td style="font-size:14px;font-weight:bold;color:#047857;padding-bottom:12px">Sorteio Certo</td></tr>
<tr><td style="font-size:22px;font-weight:bold;padding-bottom:16px">${escapeHtml(heading)}</td></tr>
${paragraphs.map((p) => `<tr><td style="font-size:16px;line-height:1.5;padding-bottom:12px">${escapeHtml(p)}</td></tr>`).join('\n')}
${
  action
    ? `<tr><td style="padding:12px 0 20px"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#047857;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">${escapeHtml(action.label)}</a></td></tr>
<tr><td style="font-size:13px;color:#4b5d54;padding-bottom:12px">Se o botão não funcionar, copie e cole este endereço no navegador:<br><a href="${escapeHtml(action.url)}" style="color:#047857;word-break:break-all">${escapeHtml(action.url)}</a></td></tr>`
    : ''
}
${footnote ? `<tr><td style="font-size:13px;color:#4b5d54">${escapeHtml(footnote)}</td></tr>` : ''}
</table></td></tr></table></body></html>`;
  const text = [
    heading,
    '',
    ...paragraphs,
    ...(action ? ['', `${action.label}: ${action.url}`] : []),
    ...(footnote ? ['', footnote] : []),
    '',
    '— Sorteio Certo',
  ].join('\n');
  return { to, subject, html, text };
}

/**
 * The draw-result e-mail: the room by name, whether this person won, the prize and where it went,
 * their own number against the winning one, and the link to the public proof.
 */
export function drawResultMail(input: {
  to: string;
  winner: boolean;
  roomName: string;
  luckyNumbers: string[];
  winningNumber: string;
  net: number;
  sentByPix: boolean;
  proofUrl: string;
}) {
  const prize = formatBRL(input.net);
  const yours =
    input.luckyNumbers.length > 0
      ? `Seu ${plural(input.luckyNumbers.length, 'número', 'números')}: ${input.luckyNumbers.join(', ')}. Número sorteado: ${input.winningNumber}.`
      : `Número sorteado: ${input.winningNumber}.`;
  const proof =
    'Qualquer pessoa pode refazer as contas do sorteio na página de verificação, com os dados publicados.';
  return renderMail({
    to: input.to,
    subject: input.winner
      ? `Você ganhou na ${input.roomName}! — Sorteio Certo`
      : `Resultado da ${input.roomName}: você não ganhou desta vez — Sorteio Certo`,
    heading: input.winner
      ? `Parabéns, você ganhou na ${input.roomName}!`
      : `Você não ganhou na ${input.roomName} desta vez`,
    paragraphs: input.winner
      ? [
          yours,
          `Seu prêmio líquido é de ${prize}.`,
          input.sentByPix
            ? 'Ele está sendo enviado por PIX para a chave cadastrada no seu perfil.'
            : 'Como não há chave PIX no seu perfil, o prêmio foi creditado no seu Saldo, de onde pode ser sacado.',
          proof,
        ]
      : [
          `O sorteio da ${input.roomName} foi realizado e o seu número não foi o sorteado.`,
          yours,
          `O prêmio de ${prize} foi para o número ${input.winningNumber}.`,
          proof,
        ],
    action: { label: 'Ver a prova do sorteio', url: input.proofUrl },
  });
}

/** A room cancelled for want of participants: the entry went back to the Saldo. */
export function roomCancelledMail(input: { to: string; baseUrl: string }) {
  return renderMail({
    to: input.to,
    subject: 'Sala cancelada e entrada reembolsada — Sorteio Certo',
    heading: 'Sua entrada foi reembolsada',
    paragraphs: [
      'A sala fechou com menos de dois participantes confirmados e foi cancelada.',
      'O valor da sua entrada voltou para o seu Saldo.',
    ],
    action: { label: 'Ver meu saldo', url: `${input.baseUrl}/cashback` },
  });
}

/** A prize or withdrawal PIX that was sent, or that failed for good and went back to the Saldo. */
export function payoutResultMail(input: {
  to: string;
  kind: 'prize' | 'withdrawal';
  paid: boolean;
  amount: number;
  baseUrl: string;
}) {
  const ok = input.paid;
  const what = input.kind === 'prize' ? 'prêmio' : 'saque';
  return renderMail({
    to: input.to,
    subject: ok
      ? `Seu ${what} foi pago por PIX — Sorteio Certo`
      : `Seu ${what} voltou para o saldo — Sorteio Certo`,
    heading: ok
      ? `${input.kind === 'prize' ? 'Prêmio' : 'Saque'} enviado`
      : `Não foi possível enviar o ${what}`,
    paragraphs: ok
      ? [`Enviamos ${formatBRL(input.amount)} por PIX para a sua chave.`]
      : [
          `O PIX de ${formatBRL(input.amount)} não foi concluído. O valor foi creditado no seu Saldo.`,
          'Confira a chave PIX no seu perfil e tente sacar novamente.',
        ],
    action: { label: 'Ver meu extrato', url: `${input.baseUrl}/cashback` },
  });
}

/** A PIX that could not pay what it was for (late, or another amount) and went to the Saldo. */
export function pixCreditedMail(input: {
  to: string;
  outcome: 'late_payment' | 'amount_mismatch';
  baseUrl: string;
}) {
  return renderMail({
    to: input.to,
    subject: 'Seu PIX foi creditado no saldo — Sorteio Certo',
    heading: 'Recebemos seu PIX',
    paragraphs: [
      input.outcome === 'late_payment'
        ? 'O pagamento chegou depois que a reserva da vaga terminou (ou a participação já estava paga). Nenhum valor foi perdido: ele foi creditado no seu Saldo.'
        : 'O valor do PIX foi diferente do valor da cobrança. Nenhum valor foi perdido: ele foi creditado no seu Saldo.',
      'Você pode usar o Saldo para entrar em outra sala ou sacar por PIX.',
    ],
    action: { label: 'Ver meu saldo', url: `${input.baseUrl}/cashback` },
  });
}
