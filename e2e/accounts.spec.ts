import { expect, test } from '@playwright/test';
import { generateSync } from 'otplib';
import { makePng } from './support/images';
import { waitForLink } from './support/mailbox';
import { signInWithForm, submitSignIn, submitSignUp } from './support/players';
import { demoCredentials } from './support/session';

/** A valid CPF built from 9 digits (Receita Federal check digits). */
function cpfFrom(base: string): string {
  const d = base.split('').map(Number);
  for (const len of [9, 10]) {
    const rest = d.slice(0, len).reduce((acc, v, i) => acc + v * (len + 1 - i), 0) % 11;
    d.push(rest < 2 ? 0 : 11 - rest);
  }
  return d.join('');
}

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const email = `jogadora.${stamp}@teste.com.br`;
let password = 'minha-senha-1';
let totpSecret = '';
let backupCodes: string[] = [];

test('sign up, confirm the e-mail from the received mail, and sign in', async ({ page }) => {
  await page.goto('/register');
  await submitSignUp(page, email, password);
  await expect(
    page.getByText('Cadastro realizado com sucesso! Verifique seu e-mail para confirmar.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/verify-email/);
  await expect(page.getByText(email)).toBeVisible();

  // Before confirming, sign-in is refused with the spec's message.
  await signInWithForm(page, email, password);
  await expect(
    page.getByText(
      'Você precisa confirmar seu e-mail antes de fazer login. Verifique sua caixa de entrada.',
    ),
  ).toBeVisible();

  const link = await waitForLink(email, '/api/auth/verify-email');
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?verified=1/);
  await expect(page.getByText('E-mail confirmado! Agora faça login.')).toBeVisible();
  await submitSignIn(page, email, password);
  await expect(page.getByText('Login realizado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('complete the profile, send document and selfie, wait for review', async ({ page }) => {
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Meu Perfil' })).toBeVisible();
  await page.getByLabel('Nome completo').fill('Jogadora de Teste');
  await page.getByLabel('Tipo da chave PIX').selectOption('email');
  await page.getByLabel('Chave PIX', { exact: true }).fill(email);
  await page.getByLabel('CPF', { exact: true }).fill(cpfFrom(`${Date.now()}`.slice(-9)));
  await expect(page.getByLabel('CPF', { exact: true })).toHaveValue(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
  await page.getByLabel('Telefone').fill(`119${`${Date.now()}`.slice(-8)}`);
  await page.getByLabel('Data de nascimento').fill('1992-04-18');
  await page.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByText('Perfil Atualizado')).toBeVisible();

  await page.getByRole('tab', { name: 'Verificação' }).click();
  await page.getByLabel('Tipo de documento').selectOption('rg');
  await page.getByLabel('Número do documento').fill(`RG-${stamp}`);
  await page
    .getByLabel('Foto do documento')
    .setInputFiles({ name: 'documento.png', mimeType: 'image/png', buffer: makePng(800, 500) });
  await page
    .getByLabel('Selfie')
    .setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: makePng(480, 640) });
  await page.getByRole('button', { name: 'Enviar documentos' }).click();
  // Grey test pictures carry no face: the automated checks send the case to staff review.
  await expect(page.getByText('Verificação em análise')).toBeVisible({ timeout: 60_000 });
  await expect(
    page
      .getByText(
        'Seus documentos foram enviados e estão em análise. A análise pode levar alguns dias.',
      )
      .first(),
  ).toBeVisible();
});

test('enable 2FA with a code from the shown secret, then sign in with a code and with a backup code', async ({
  page,
}) => {
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/profile?tab=seguranca');
  await page.getByRole('button', { name: 'Configurar 2FA' }).click();
  await page.getByRole('dialog').getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continuar' }).click();
  // Only a secret so far: the link for the app on this phone, and nothing called configured yet.
  await expect(page.getByRole('link', { name: 'Abrir no app autenticador' })).toHaveAttribute(
    'href',
    /^otpauth:\/\/totp\//,
  );
  await expect(page.getByText('2FA Configurado')).toHaveCount(0);
  totpSecret = (
    await page.getByLabel('Chave secreta para configuração manual').innerText()
  ).replace(/\s/g, '');
  expect(totpSecret).toMatch(/^[A-Z2-7]+=*$/);
  await page.getByLabel('Código de 6 dígitos').fill(generateSync({ secret: totpSecret }));
  await page.getByRole('button', { name: 'Ativar 2FA' }).click();
  await expect(page.getByText('2FA Ativado')).toBeVisible();
  backupCodes = (
    await page
      .getByRole('list', { name: 'Códigos de backup' })
      .getByRole('listitem')
      .allInnerTexts()
  ).map((c) => c.trim());
  expect(backupCodes).toHaveLength(10);
  await page.getByRole('button', { name: 'Já guardei meus códigos' }).click();
  await expect(page.getByText('2FA Configurado')).toBeVisible();
  const status = page.getByRole('region', { name: 'Situação da conta' });
  await expect(status.getByText('Protegido')).toBeVisible();

  await page.context().clearCookies();
  await signInWithForm(page, email, password);
  await expect(page.getByLabel('Código do aplicativo autenticador')).toBeVisible();
  await page
    .getByLabel('Código do aplicativo autenticador')
    .fill(generateSync({ secret: totpSecret }));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.context().clearCookies();
  await signInWithForm(page, email, password);
  await page.getByRole('button', { name: 'Usar código de backup' }).click();
  await page.getByLabel('Código de backup').fill(backupCodes[0]!);
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The security log lists what happened, newest first.
  await page.goto('/profile?tab=logs');
  await expect(page.getByText('2FA ativado').first()).toBeVisible();
  await expect(page.getByText('Login realizado').first()).toBeVisible();
});

test('recover a forgotten password through the mailed link', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Enviar link de recuperação' }).click();
  await expect(page.getByText('Link expira em 1 hora')).toBeVisible();
  const link = await waitForLink(email, '/reset-password?token=');
  await page.goto(link);
  await page.getByLabel('Nova senha', { exact: true }).fill('nova-senha-2');
  await page.getByLabel('Confirmar nova senha').fill('nova-senha-2');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByText('Senha alterada!')).toBeVisible();
  await expect(page).toHaveURL(/\/login/, { timeout: 5_000 });
  password = 'nova-senha-2';
  await submitSignIn(page, email, password);
  await page
    .getByLabel('Código do aplicativo autenticador')
    .fill(generateSync({ secret: totpSecret }));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the administrator lands on /admin after signing in', async ({ page }) => {
  const admin = demoCredentials().admin;
  await signInWithForm(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Gerenciamento da Plataforma')).toBeVisible();
});
