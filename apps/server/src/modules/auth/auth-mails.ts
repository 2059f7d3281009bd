/** The e-mails the auth library sends: password reset, e-mail confirmation and security alerts. */
import { countOf } from '@sorteio/shared';
import { renderMail } from '../mail';
import { brazilDateTimeText } from '../../lib/brazil-time';

export function passwordResetMail({
  baseUrl,
  to,
  token,
}: {
  baseUrl: string;
  to: string;
  token: string;
}) {
  // The link opens our own page, which checks the token before showing the form.
  const url = `${baseUrl}/reset-password?token=${encodeURIComponent(token)}&type=recovery`;
  return renderMail({
    to,
    subject: 'Redefinição de senha — Sorteio Certo',
    heading: 'Redefinir sua senha',
    paragraphs: [
      'Recebemos um pedido para redefinir a senha da sua conta.',
      'O link abaixo vale por 1 hora e pode ser usado uma única vez.',
    ],
    action: { label: 'Redefinir senha', url },
    footnote: 'Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.',
  });
}

export function emailConfirmationMail({ to, url }: { to: string; url: string }) {
  return renderMail({
    to,
    subject: 'Confirme seu e-mail — Sorteio Certo',
    heading: 'Confirme seu e-mail',
    paragraphs: [
      'Falta pouco! Confirme seu endereço de e-mail para ativar sua conta na Sorteio Certo.',
      'O link vale por 24 horas.',
    ],
    action: { label: 'Confirmar e-mail', url },
    footnote: 'Se você não criou uma conta, ignore este e-mail.',
  });
}

/** The owner is told when someone keeps guessing their password (a lock or the slow-down). */
export function passwordGuessingMail({
  baseUrl,
  to,
  failures,
  ip,
}: {
  baseUrl: string;
  to: string;
  failures: number;
  ip: string | null;
}) {
  return renderMail({
    to,
    subject: 'Tentativas de acesso à sua conta — Sorteio Certo',
    heading: 'Bloqueamos tentativas de acesso à sua conta',
    paragraphs: [
      `Recebemos ${countOf(failures, 'tentativa', 'tentativas')} de login com senha errada na sua conta nos últimos 15 minutos${ip ? ` (a última do endereço ${ip})` : ''}.`,
      'Por segurança, novas tentativas desse endereço foram bloqueadas por 15 minutos. Você continua entrando normalmente dos lugares de onde costuma acessar.',
      'Se não foi você, recomendamos trocar sua senha e ativar a verificação em duas etapas no seu perfil.',
    ],
    action: { label: 'Trocar minha senha', url: `${baseUrl}/forgot-password` },
  });
}

/** The owner is told of every sign-in from a device the account has not used before. */
export function newDeviceMail({
  baseUrl,
  to,
  client,
}: {
  baseUrl: string;
  to: string;
  client: { ip: string | null; userAgent: string | null };
}) {
  return renderMail({
    to,
    subject: 'Novo acesso à sua conta — Sorteio Certo',
    heading: 'Sua conta foi acessada de um novo dispositivo',
    paragraphs: [
      `Acesso em ${brazilDateTimeText(new Date())}${client.ip ? `, do endereço ${client.ip}` : ''}.`,
      `Dispositivo: ${client.userAgent?.slice(0, 160) ?? 'desconhecido'}.`,
      'Se foi você, não precisa fazer nada. Se não foi, troque sua senha agora e encerre as outras sessões no seu perfil.',
    ],
    action: { label: 'Ver minha segurança', url: `${baseUrl}/profile?tab=logs` },
  });
}
