import { type Browser, type BrowserContext, type Page, expect } from '@playwright/test';
import { postOk as post } from './api';
import { origin } from './env';
import { setPasswordFromMail } from './mailbox';
import { demoCredentials, signedInContext } from './session';

const headers = () => ({ origin: origin() });

/** A valid CPF (Receita Federal check digits) from 9 digits. */
export function cpfFrom(base: string): string {
  const d = base.split('').map(Number);
  for (const len of [9, 10]) {
    const rest = d.slice(0, len).reduce((acc, v, i) => acc + v * (len + 1 - i), 0) % 11;
    d.push(rest < 2 ? 0 : 11 - rest);
  }
  return d.join('');
}

/** A fresh valid CPF, different on every call. */
export function randomCpf(): string {
  const base = `${Math.floor(Math.random() * 1e9)}`.padStart(9, '1');
  return cpfFrom(base);
}

/** 12345678909 -> 123.456.789-09, as printed on a document. */
export const maskCpf = (cpf: string) =>
  cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');

/** The sign-in form, as a person uses it. */
export async function signInWithForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await submitSignIn(page, email, password);
}

/** Fills and sends the sign-in form the page shows. */
export async function submitSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** Fills the sign-up form the page shows, accepts the terms and sends it. */
export async function submitSignUp(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page
    .getByRole('checkbox', { name: 'Li e aceito os Termos de Uso e o Regulamento dos Sorteios' })
    .check();
  await page.getByRole('button', { name: 'Criar conta' }).click();
}

export interface Player {
  email: string;
  password: string;
  name: string;
  cpf: string;
  /** YYYY-MM-DD */
  birth: string;
  context: BrowserContext;
  page: Page;
}

/**
 * A new player who has not verified their identity yet: created by the administrator (the demo
 * admin, through the API), who then sets their own password and fills the profile (name, CPF,
 * birth date, PIX key), signed in in a browser context of their own.
 */
export async function newPlayer(
  browser: Browser,
  options: { name?: string; birth?: string; cpf?: string } = {},
): Promise<Player> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `jogador.${stamp}@teste.com.br`;
  const name = options.name ?? 'Jogador de Teste';
  const birth = options.birth ?? '1990-05-20';
  const cpf = options.cpf ?? randomCpf();
  const password = 'senha-do-jogador-1';

  const admin = await signedInContext(browser, demoCredentials().admin);
  await post(admin.request, '/api/admin/users', {
    kind: 'user',
    nome_completo: name,
    email,
    role: 'user',
  });
  await admin.close();

  const context = await browser.newContext({ baseURL: origin() });
  const request = context.request;
  await setPasswordFromMail(request, email, password);
  await post(request, '/api/auth/sign-in/email', { email, password });
  const profile = await request.put('/api/profile', {
    data: {
      nomeCompleto: name,
      chavePixTipo: 'email',
      chavePix: email,
      cpf,
      dataNascimento: birth,
    },
    headers: headers(),
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const page = await context.newPage();
  return { email, password, name, cpf, birth, context, page };
}

/** Deletes the player's account (LGPD), which also removes their images' hashes. */
export async function deletePlayer(player: Player) {
  const res = await player.context.request.post('/api/profile/delete', {
    data: { confirmacao: 'EXCLUIR', senha: player.password },
    headers: headers(),
  });
  expect(res.status(), await res.text()).toBe(200);
  await player.context.close();
}
