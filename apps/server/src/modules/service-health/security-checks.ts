/** The configuration checks behind the API services screen's 'Segurança' tile. */
import type { SecurityCheck } from '@sorteio/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { getSetting } from '../settings/settings.service';
import type { PixRuntime } from '../pix-setup/pix-setup.service';

/** Configuration checks behind the 'Segurança' tile; `null` ok means not applicable here. */
export async function securityChecks(deps: {
  config: Config;
  db: Db;
  pix: PixRuntime;
}): Promise<SecurityCheck[]> {
  const { config, db, pix } = deps;
  const [twoFactor, allowPrivate, pixConfig] = await Promise.all([
    getSetting(db, 'security.twoFactorRequired'),
    getSetting(db, 'integrations.allowPrivateAddresses'),
    pix.getConfig(),
  ]);
  const checks: SecurityCheck[] = [
    {
      id: 'https',
      label: 'HTTPS no endereço público',
      ok: config.baseUrl.startsWith('https://'),
      detail: config.baseUrl.startsWith('https://')
        ? 'Cookies de sessão só trafegam cifrados.'
        : `BASE_URL sem HTTPS (${config.baseUrl}).`,
    },
    {
      id: 'app-secret',
      label: 'Segredo da aplicação',
      ok: config.appSecret.length >= 32,
      detail:
        config.appSecret.length >= 32
          ? 'APP_SECRET com 32 caracteres ou mais.'
          : 'APP_SECRET curto: use 32 caracteres aleatórios ou mais.',
    },
    {
      id: 'staff-2fa',
      label: '2FA obrigatório para a equipe',
      // The configuration's floor (production) holds whatever the setting says.
      ok: config.staffTwoFactorRequired || twoFactor,
      detail: config.staffTwoFactorRequired
        ? 'Obrigatório para toda a equipe neste ambiente (STAFF_2FA_REQUIRED).'
        : twoFactor
          ? 'Ativado em Config. > Segurança.'
          : 'Desativado em Config. > Segurança.',
    },
    {
      id: 'ssrf-guard',
      label: 'Bloqueio de endereços locais',
      ok: !allowPrivate,
      detail: allowPrivate
        ? '"Permitir endereços locais" está ativado.'
        : 'Webhooks e testes não alcançam a rede interna.',
    },
  ];
  if (pixConfig.activeProvider === 'efi') {
    const host = pixConfig.credentials?.host ?? config.efi?.baseUrl ?? '';
    checks.push({
      id: 'pix-tls',
      label: 'Provedor PIX por TLS mútuo',
      ok: host.startsWith('https://'),
      detail: host.startsWith('https://') ? `mTLS com ${host}` : `Host sem HTTPS: ${host}`,
    });
  }
  if (pixConfig.certificate) {
    const status = pixConfig.certificate.status;
    checks.push({
      id: 'pix-certificate',
      label: 'Certificado PIX em uso válido',
      ok: status !== 'expired',
      detail:
        status === 'expired'
          ? 'O certificado em uso expirou.'
          : status === 'expiring'
            ? 'O certificado em uso expira em menos de 30 dias.'
            : 'O certificado em uso está válido.',
    });
  }
  return checks;
}
