/**
 * The campaign mail: template variables, the sender and the rendered message with its tracking
 * links.
 */
import { formatBRL } from '@sorteio/shared';
import type { Config } from '../../config';
import type { AudienceMember } from './campaign-audience';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Fills {{nome}} / {nome} and the other spec variables. */
export function fillTemplate(template: string, member: AudienceMember): string {
  const values: Record<string, string> = {
    nome: member.nome.split(/\s+/)[0] ?? member.nome,
    total_ganho: formatBRL(member.totalGanho),
    participacoes: String(member.participacoes),
    dias_inativo: String(member.diasInativo),
  };
  return template.replace(
    /\{\{?\s*(nome|total_ganho|participacoes|dias_inativo)\s*\}?\}/g,
    (_m, k: string) => values[k] ?? '',
  );
}

/** The configured sender address with the campaign's display name (quotes refused on input). */
export function campaignFrom(configuredFrom: string, senderName: string): string {
  const address = /<([^>]+)>/.exec(configuredFrom)?.[1] ?? configuredFrom.trim();
  return `"${senderName}" <${address}>`;
}

export function renderCampaignMail(options: {
  config: Config;
  siteName: string;
  subject: string;
  template: string;
  member: AudienceMember;
  token: string;
  senderName?: string;
}) {
  const { config, member, token } = options;
  const base = config.baseUrl.replace(/\/+$/, '');
  const body = fillTemplate(options.template, member);
  const click = `${base}/api/r/c/${token}`;
  const unsubscribe = `${base}/api/r/u/${token}`;
  const pixel = `${base}/api/r/o/${token}.gif`;
  const subject = fillTemplate(options.subject, member);
  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f4f6f5;font-family:Arial,Helvetica,sans-serif;color:#1a2b23">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:28px">
<tr><td style="font-size:14px;font-weight:bold;color:#047857;padding-bottom:12px">${escapeHtml(options.siteName)}</td></tr>
${paragraphs.map((p) => `<tr><td style="font-size:16px;line-height:1.5;padding-bottom:12px">${escapeHtml(p).replace(/\n/g, '<br>')}</td></tr>`).join('\n')}
<tr><td style="padding:12px 0 20px"><a href="${escapeHtml(click)}" style="display:inline-block;background:#047857;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">Ver salas abertas</a></td></tr>
<tr><td style="font-size:12px;color:#4b5d54">Você recebe este e-mail porque aceitou receber novidades. <a href="${escapeHtml(unsubscribe)}" style="color:#047857">Cancelar inscrição</a></td></tr>
</table></td></tr></table><img src="${escapeHtml(pixel)}" width="1" height="1" alt=""></body></html>`;
  const text = [
    ...paragraphs,
    '',
    `Ver salas abertas: ${click}`,
    '',
    `Cancelar inscrição: ${unsubscribe}`,
  ].join('\n');
  return {
    to: member.email,
    subject,
    html,
    text,
    ...(options.senderName ? { from: campaignFrom(config.mail.from, options.senderName) } : {}),
  };
}
