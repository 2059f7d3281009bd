/** Portuguese e-mail templates, each in HTML and text. */
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
