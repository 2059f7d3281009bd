/**
 * Every screen on a 360 px phone (issue "The player's experience", items 11 and 12): the page never
 * scrolls sideways, and axe finds no serious or critical violation in light or in dark mode. Each
 * route is opened as the account that uses it (visitor, demo player or demo administrator), with
 * one signed-in browser context per account reused by all its routes.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
  expect,
  test,
} from '@playwright/test';
import { origin } from './support/env';
import { demoCredentials, useSession } from './support/session';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const VIEWPORT = { width: 360, height: 740 };
const headers = () => ({ origin: origin() });

type Account = 'visitor' | 'player' | 'admin';

interface Signed {
  context: BrowserContext;
  page: Page;
}

async function signedContext(browser: Browser, who: Account): Promise<Signed> {
  const context = await browser.newContext({ baseURL: origin(), viewport: VIEWPORT });
  if (who !== 'visitor')
    await useSession(
      context,
      who === 'admin' ? demoCredentials().admin : demoCredentials().players[0]!,
    );
  return { context, page: await context.newPage() };
}

async function json<T>(request: APIRequestContext, url: string, data?: unknown): Promise<T> {
  const res =
    data === undefined
      ? await request.get(url)
      : await request.post(url, { data, headers: headers() });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** Waits until the screen shows its content: a heading, no spinner or skeleton, no finite animation. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await expect(page.locator('h1, h2').first()).toBeVisible();
  await expect(page.locator('[data-slot="spinner"]:visible, [data-slot="skeleton"]')).toHaveCount(
    0,
    { timeout: 10_000 },
  );
  await finishAnimations(page);
}

/** Lets entry animations and colour transitions end (infinite ones, such as a pulse, are left). */
async function finishAnimations(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Two frames, so a class just toggled has started its transitions before they are listed.
    for (let i = 0; i < 2; i += 1) await new Promise((r) => requestAnimationFrame(r));
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * The page's width; on failure, the widest element whose right edge passes the viewport and the
 * innermost ones (their own text or content included), which usually name the culprit.
 */
async function expectNoHorizontalOverflow(page: Page, label: string) {
  const result = await page.evaluate(() => {
    const viewport = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    const describe = (el: HTMLElement, right: number) => {
      const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/) : [];
      const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls.length ? `.${cls.slice(0, 6).join('.')}` : ''}`;
      const text = (el.innerText ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
      return `<${name}> right=${Math.round(right)} text="${text}"`;
    };
    const offenders: { el: HTMLElement; right: number; width: number }[] = [];
    if (scrollWidth > viewport) {
      for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
        const rect = el.getBoundingClientRect();
        if (rect.width === 0 && rect.height === 0) continue;
        const ownOverflow = getComputedStyle(el).overflowX === 'visible';
        const right = ownOverflow ? Math.max(rect.right, rect.left + el.scrollWidth) : rect.right;
        if (right <= viewport + 0.5) continue;
        // Content clipped by an ancestor that scrolls or hides overflow does not widen the page.
        let clipped = false;
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          if (
            getComputedStyle(p).overflowX !== 'visible' &&
            p.getBoundingClientRect().right <= viewport + 0.5
          ) {
            clipped = true;
            break;
          }
        }
        if (!clipped) offenders.push({ el, right, width: rect.width });
      }
    }
    const widest = [...offenders].sort((a, b) => b.width - a.width)[0];
    const innermost = offenders
      .filter((o) => !offenders.some((other) => other.el !== o.el && o.el.contains(other.el)))
      .slice(0, 3);
    return {
      viewport,
      scrollWidth,
      widest: widest ? describe(widest.el, widest.right) : '',
      innermost: innermost.map((o) => describe(o.el, o.right)),
    };
  });
  expect(
    result.scrollWidth,
    `${label}: page is ${result.scrollWidth}px wide in a ${result.viewport}px viewport; widest overflowing element: ${result.widest}; innermost: ${result.innermost.join(' | ')}`,
  ).toBeLessThanOrEqual(result.viewport);
}

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[]; failureSummary?: string }[];
}

async function seriousViolations(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes
        .slice(0, 4)
        .map((n) => `${n.target.join(' ')}: ${(n.failureSummary ?? '').split('\n')[1] ?? ''}`),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

async function setDark(page: Page, dark: boolean) {
  await page.evaluate((on) => {
    // Switch at once, as a theme switcher without transitions does: axe must not read colours
    // halfway through a transition.
    if (!document.getElementById('e2e-no-transitions')) {
      const style = document.createElement('style');
      style.id = 'e2e-no-transitions';
      style.textContent = '*, *::before, *::after { transition: none !important; }';
      document.head.append(style);
    }
    document.documentElement.classList.toggle('dark', on);
    document.documentElement.style.colorScheme = on ? 'dark' : 'light';
  }, dark);
  await finishAnimations(page);
}

/** Opens the route, then checks the width and runs axe in light and in dark mode. */
async function checkScreen(page: Page, url: string, prepare?: (page: Page) => Promise<void>) {
  await page.goto(url);
  await settle(page);
  if (prepare) await prepare(page);
  await expectNoHorizontalOverflow(page, url);
  await expectAxeClean(page, url);
}

/** axe in light mode, then in dark mode (the class public/theme-init.js and the toggle set). */
async function expectAxeClean(page: Page, label: string) {
  const light = await seriousViolations(page);
  await setDark(page, true);
  const dark = await seriousViolations(page);
  await setDark(page, false);
  expect(
    { light, dark },
    `${label}: axe serious/critical violations\n${JSON.stringify({ light, dark }, null, 2)}`,
  ).toEqual({ light: [], dark: [] });
}

test.describe('visitor screens at 360 px', () => {
  let signed: Signed;
  let drawId = '';
  test.beforeAll(async ({ browser }) => {
    signed = await signedContext(browser, 'visitor');
    const draws = await json<{ items: { id: string }[] }>(signed.context.request, '/api/draws');
    drawId = draws.items[0]!.id;
  });
  test.afterAll(async () => signed.context.close());

  for (const url of [
    '/',
    '/login',
    '/register',
    '/forgot-password',
    '/support',
    '/tutorial',
    '/privacy',
    '/termos',
    '/regulamento',
    '/sorteios',
    '/pagina-que-nao-existe',
  ]) {
    test(url, async () => checkScreen(signed.page, url));
  }

  test('/sorteios/:id, after the browser verified the draw', async () => {
    await checkScreen(signed.page, `/sorteios/${drawId}`, async (page) => {
      await expect(
        page.getByText('Sorteio verificado: todas as verificações conferem.'),
      ).toBeVisible({ timeout: 15_000 });
      await finishAnimations(page);
    });
  });
});

test.describe('player screens at 360 px', () => {
  let signed: Signed;
  let openRoomId = '';
  let privateRoom: { id: string; roomCode: string; inviteCode: string };
  let payment = '';
  let drawnRoomId = '';
  test.beforeAll(async ({ browser }) => {
    // The longest prize a public room can have (R$ 100.000,00 x 1000 seats), for the room cards.
    const admin = await signedContext(browser, 'admin');
    await json(admin.context.request, '/api/admin/rooms', {
      tipoSala: 'premium',
      valorEntrada: 10_000_000,
      maxParticipantes: 1000,
      taxaPersonalizadaBp: 0,
    });
    await admin.context.close();
    signed = await signedContext(browser, 'player');
    const request = signed.context.request;
    // A drawn room whose prize is still being paid (its result shows the payout badge).
    const draws = await json<{ items: { roomId: string; statusPagamentoPremio: string }[] }>(
      request,
      '/api/draws',
    );
    drawnRoomId = (
      draws.items.find((d) => d.statusPagamentoPremio === 'pendente') ?? draws.items[0]!
    ).roomId;
    const rooms = await json<{ id: string; status: string; valorEntrada: number }[]>(
      request,
      '/api/rooms',
    );
    openRoomId = rooms.find((r) => r.status === 'aberta')?.id ?? rooms[0]!.id;
    // A private room with a long name and a chat message (the chat shows its time).
    privateRoom = await json(request, '/api/private-rooms', {
      roomName: 'Bolão da turma do escritório central',
      entryValue: 123456,
      maxParticipants: 20,
    });
    await json(request, `/api/private-rooms/by-code/${privateRoom.roomCode}/join`, {});
    await json(request, `/api/private-rooms/${privateRoom.id}/messages`, {
      message: 'Boa sorte a todos!',
    });
    // A pending PIX participation in another open room, for /payment (a retried worker reuses it).
    const other = rooms.filter((r) => r.id !== openRoomId).at(-1)!;
    type Seat = { id: string };
    const mine = await json<{ participation: Seat | null }>(
      request,
      `/api/rooms/${other.id}/my-participation`,
    );
    const seat =
      mine.participation ??
      (
        await json<{ participation: Seat }>(request, `/api/rooms/${other.id}/join`, {
          metodo: 'pix',
        })
      ).participation;
    payment = `/payment?participacao_id=${seat.id}&valor=${(other.valorEntrada / 100).toFixed(2)}`;
  });
  test.afterAll(async () => signed.context.close());

  for (const url of [
    '/dashboard',
    '/participate',
    '/history',
    '/stats',
    '/profile',
    '/profile?tab=verificacao',
    '/profile?tab=seguranca',
    '/profile?tab=localizacao',
    '/profile?tab=logs',
    '/cashback',
    '/private-rooms',
    '/jogo-responsavel',
  ]) {
    test(url, async () => checkScreen(signed.page, url));
  }

  test('/participate?sala_id=<open room>', async () =>
    checkScreen(signed.page, `/participate?sala_id=${openRoomId}`));

  test('/participate?sala_id=<drawn room, prize being paid>', async () =>
    checkScreen(signed.page, `/participate?sala_id=${drawnRoomId}`, async (page) => {
      await expect(page.getByText('Resultado do sorteio').first()).toBeVisible({
        timeout: 15_000,
      });
      await finishAnimations(page);
    }));

  test('/payment for a pending PIX participation', async () => checkScreen(signed.page, payment));

  test('/private-room/:id with a chat message', async () =>
    checkScreen(signed.page, `/private-room/${privateRoom.id}`, async (page) => {
      await expect(page.getByText('Boa sorte a todos!')).toBeVisible();
    }));

  test('/private-room?code= (join by code)', async () =>
    checkScreen(signed.page, `/private-room?code=${privateRoom.roomCode}`));

  test('/dashboard with the slide-in menu, then the account menu, open', async () => {
    const page = signed.page;
    await page.goto('/dashboard');
    await settle(page);
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await finishAnimations(page);
    await expectAxeClean(page, '/dashboard (menu)');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByRole('button', { name: /Menu da conta/ }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await finishAnimations(page);
    await expectAxeClean(page, '/dashboard (account menu)');
    await page.keyboard.press('Escape');
  });

  test('/private-room-invite/:code', async () =>
    checkScreen(signed.page, `/private-room-invite/${privateRoom.inviteCode}`));
});

test.describe('administrator screens at 360 px', () => {
  let signed: Signed;
  test.beforeAll(async ({ browser }) => {
    signed = await signedContext(browser, 'admin');
  });
  test.afterAll(async () => signed.context.close());

  for (const url of [
    '/admin',
    '/admin?tab=analytics',
    '/admin?tab=users',
    '/admin?tab=rooms',
    '/admin?tab=financial',
    '/admin?tab=connections',
    '/admin?tab=remarketing',
    '/admin?tab=certificates',
    '/admin?tab=settings',
    '/admin?tab=support',
    '/admin?tab=audit',
    '/admin/add-user',
    '/admin/add-employee',
    '/gerencianet-config',
    '/api-services',
    '/remarketing',
  ]) {
    test(url, async () => checkScreen(signed.page, url));
  }

  test('/admin with the menu drawer open (pending prizes badge)', async () => {
    const page = signed.page;
    await page.goto('/admin');
    await settle(page);
    await page.getByRole('button', { name: 'Abrir menu administrativo' }).click();
    await expect(page.getByRole('navigation', { name: 'Menu administrativo' })).toBeVisible();
    await finishAnimations(page);
    await expectNoHorizontalOverflow(page, '/admin (menu)');
    await expectAxeClean(page, '/admin (menu)');
  });
});
