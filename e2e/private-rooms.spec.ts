import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { dataDir, origin } from './support/env';
import { demoCredentials, signInByApi } from './support/session';
import { keepScreenshot } from './support/screenshots';

async function payWithSimulator(page: Page) {
  await page.getByRole('button', { name: 'Gerar Código PIX' }).click();
  await expect(page.getByText('PIX Gerado!').first()).toBeVisible();
  await page.getByRole('button', { name: 'Simular pagamento' }).click();
  await expect(page.getByText('Pagamento Confirmado!').first()).toBeVisible({ timeout: 15_000 });
}

/** Sends a message in one browser and measures until it shows in the other (live, no reload). */
async function chatLatency(from: Page, to: Page, text: string): Promise<number> {
  const arrived = to.evaluate(
    (expected) =>
      new Promise<number>((resolve) => {
        const check = () => {
          if (document.body.innerText.includes(expected)) {
            resolve(performance.timeOrigin + performance.now());
            return true;
          }
          return false;
        };
        if (check()) return;
        const observer = new MutationObserver(() => check() && observer.disconnect());
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      }),
    text,
  );
  const input = from.getByRole('textbox', { name: 'Mensagem' });
  await input.fill(text);
  const sentAt = await from.evaluate(() => performance.timeOrigin + performance.now());
  await from.getByRole('button', { name: 'Enviar mensagem' }).click();
  const shownAt = await arrived;
  return shownAt - sentAt;
}

test('two players: create, invite, join by the link, pay, chat live, draw, and both see the verification link', async ({
  browser,
}) => {
  // Sixteen chat messages and two payments: more than the default 30 s on a loaded 2-core machine.
  test.setTimeout(120_000);
  const [joao, maria] = demoCredentials().players;
  const a = await (await browser.newContext({ baseURL: origin() })).newPage();
  const b = await (await browser.newContext({ baseURL: origin() })).newPage();
  await signInByApi(a, joao!);
  await signInByApi(b, maria!);

  // João creates the room.
  await a.goto('/private-rooms');
  await a.getByRole('button', { name: 'Criar Sala' }).first().click();
  const dialog = a.getByRole('dialog');
  await dialog.getByLabel('Nome da Sala').fill('Bolão da turma');
  await dialog.getByLabel('Valor da Entrada').fill('5');
  await dialog.getByLabel('Máx. Participantes').fill('2');
  await dialog.getByRole('button', { name: 'Criar Sala' }).click();
  await expect(a.getByText('Sala criada!')).toBeVisible();
  const rooms = (await (await a.request.get('/api/private-rooms')).json()) as {
    id: string;
    roomCode: string;
    inviteLink: string;
  }[];
  const room = rooms[0]!;
  expect(room.inviteLink).toContain('/private-room-invite/');

  // João takes a seat by the code; Maria opens the shared invite link.
  await a.goto(`/private-room?code=${room.roomCode.toLowerCase()}`);
  await a.getByRole('button', { name: 'Participar da Sala' }).click();
  await expect(a.getByText('Entrou na sala!')).toBeVisible();
  await expect(a).toHaveURL(new RegExp(`/private-room/${room.id}`));
  await b.goto(new URL(room.inviteLink).pathname);
  await expect(b.getByText('Você foi convidado para a sala: Bolão da turma')).toBeVisible();
  await b.getByRole('button', { name: 'Entrar na Sala' }).click();
  await expect(b).toHaveURL(new RegExp(`/private-room/${room.id}`));

  // They chat; each sees the other's message live. Latency is recorded for the report.
  await a.reload();
  await expect(a.getByText('Conectado')).toBeVisible();
  await expect(b.getByText('Conectado')).toBeVisible();
  const latencies: number[] = [];
  for (let i = 0; i < 8; i += 1) {
    latencies.push(await chatLatency(a, b, `Oi Maria, mensagem ${i}!`));
    latencies.push(await chatLatency(b, a, `Oi João, resposta ${i}!`));
  }
  await expect(a.getByText('Oi João, resposta 7!')).toBeVisible();
  await expect(b.getByText('Oi Maria, mensagem 7!')).toBeVisible();
  latencies.sort((x, y) => x - y);
  const median = latencies[Math.floor(latencies.length / 2)]!;
  const p95 = latencies[Math.ceil(latencies.length * 0.95) - 1]!;
  writeFileSync(
    path.join(dataDir(), 'chat-latency.json'),
    JSON.stringify({ samples: latencies.length, median, p95 }),
  );
  console.info(
    `chat latency (send to display in the other browser): median ${median.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms`,
  );

  // Both pay with the simulator; the second payment completes the room, which is drawn at once.
  await payWithSimulator(a);
  await payWithSimulator(b);
  // Both see the result on the room (number, winner, prize, proof link): one won, one did not.
  const outcomes: string[] = [];
  for (const page of [a, b]) {
    await page.reload();
    const link = page.getByRole('link', { name: 'Verificar sorteio' });
    await expect(link).toBeVisible({ timeout: 15_000 });
    const outcome = page.getByText(/^(Você ganhou!|Não foi desta vez)$/);
    await expect(outcome).toBeVisible();
    outcomes.push((await outcome.textContent())!);
    await expect(page.getByRole('button', { name: /Fechar sala/ })).toHaveCount(0);
  }
  expect(outcomes.sort()).toEqual(['Não foi desta vez', 'Você ganhou!']);
  await b.getByRole('link', { name: 'Verificar sorteio' }).click();
  await expect(b.getByText('Sorteio verificado: todas as verificações conferem.')).toBeVisible({
    timeout: 15_000,
  });
});

test('on a 360 px phone a hash pasted in the room chat wraps instead of widening the page', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const ana = demoCredentials().players[2]!;
  await page.setViewportSize({ width: 360, height: 780 });
  await signInByApi(page, ana);
  await page.goto('/private-rooms');
  await page.getByRole('button', { name: 'Criar Sala' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nome da Sala').fill('Sala do hash');
  await dialog.getByLabel('Valor da Entrada').fill('5');
  await dialog.getByLabel('Máx. Participantes').fill('2');
  await dialog.getByRole('button', { name: 'Criar Sala' }).click();
  await expect(page.getByText('Sala criada!')).toBeVisible();
  const rooms = (await (await page.request.get('/api/private-rooms')).json()) as {
    id: string;
    roomName: string;
    roomCode: string;
  }[];
  const room = rooms.find((r) => r.roomName === 'Sala do hash')!;
  await page.goto(`/private-room?code=${room.roomCode}`);
  await page.getByRole('button', { name: 'Participar da Sala' }).click();
  await expect(page).toHaveURL(new RegExp(`/private-room/${room.id}`));
  const hash = 'a3f1'.repeat(16);
  await page.getByRole('textbox', { name: 'Mensagem' }).fill(hash);
  await page.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(page.getByText(hash, { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(
    false,
  );
  await keepScreenshot(page, 'test-results/private-room-hash-360.png', { fullPage: true });
});
