import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { demoCredentials, signInByApi } from './support/session';

test.describe('landing', () => {
  test('signed out: hero, feature cards, real figures and calls to sign up', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const title of ['Sorteios ao Vivo', 'Salas Privadas', 'Prêmios Garantidos']) {
      await expect(page.getByText(title, { exact: true })).toBeVisible();
    }
    const start = page.getByRole('link', { name: 'Começar Agora' });
    const create = page.getByRole('link', { name: 'Criar Conta Grátis' });
    await expect(start).toHaveAttribute('href', '/register');
    await expect(create).toHaveAttribute('href', '/register');
    await expect(page.getByRole('link', { name: 'Ir para Dashboard' })).toHaveCount(0);
    // Figures come from the API: the seeded demo has 7 open rooms.
    const stats = await (await page.request.get('/api/public/stats')).json();
    await expect(page.getByText('Salas abertas', { exact: true })).toBeVisible();
    const openRooms = page
      .locator('dt', { hasText: 'Salas abertas' })
      .locator('xpath=following-sibling::dd');
    await expect(openRooms).toHaveText(String(stats.openRooms));
    await start.click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Criar conta' })).toBeVisible();
  });

  test('signed in: calls go to the dashboard', async ({ page }) => {
    const player = demoCredentials().players[0]!;
    await signInByApi(page, player);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Ir para Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await expect(page.getByRole('link', { name: 'Acessar Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await expect(page.getByRole('link', { name: 'Começar Agora' })).toHaveCount(0);
  });
});

test.describe('navigation', () => {
  test('desktop: the bar shows the links and the user menu', async ({ page }) => {
    const player = demoCredentials().players[0]!;
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInByApi(page, player);
    await page.goto('/privacy');
    const nav = page.getByRole('navigation', { name: /principal/i });
    for (const name of ['Dashboard', 'Participar', 'Histórico', 'Estatísticas', 'Privacidade']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await nav.getByRole('link', { name: 'Histórico', exact: true }).click();
    await expect(page).toHaveURL(/\/history$/);
    await page.getByRole('button', { name: /joao/i }).click();
    await expect(page.getByText('Usuário Premium')).toBeVisible();
    for (const name of ['Saldo', 'Suporte', 'Jogo Responsável', 'Perfil'])
      await expect(page.getByRole('menuitem', { name, exact: true })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Painel Admin' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Começar Agora' })).toBeVisible();
  });

  test('administrator sees the Admin badge and the admin panel entry', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInByApi(page, demoCredentials().admin);
    await page.goto('/');
    await page.getByRole('button', { name: /admin/i }).first().click();
    await expect(page.getByRole('menuitem', { name: 'Painel Admin' })).toBeVisible();
  });

  test('mobile: the links move into a slide-in menu', async ({ page }) => {
    const player = demoCredentials().players[0]!;
    await page.setViewportSize({ width: 390, height: 844 });
    await signInByApi(page, player);
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Participar', exact: true })).toBeHidden();
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const sheet = page.getByRole('dialog');
    await expect(sheet).toBeVisible();
    await sheet.getByRole('link', { name: 'Estatísticas', exact: true }).click();
    await expect(page).toHaveURL(/\/stats$/);
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('360 px phone: Saldo, Suporte, Jogo Responsável and Perfil in the menu, no overflow', async ({
    page,
  }) => {
    const player = demoCredentials().players[0]!;
    await page.setViewportSize({ width: 360, height: 640 });
    await signInByApi(page, player);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const sheet = page.getByRole('dialog');
    for (const [name, path] of [
      ['Saldo', '/cashback'],
      ['Suporte', '/support'],
      ['Jogo Responsável', '/jogo-responsavel'],
      ['Perfil', '/profile'],
    ] as const)
      await expect(sheet.getByRole('link', { name, exact: true })).toHaveAttribute('href', path);
    // The sheet slides in from the right: its resting place is what must fit the screen.
    await expect
      .poll(async () => {
        const box = await sheet.boundingBox();
        return box!.x + box!.width;
      })
      .toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await sheet.getByRole('link', { name: 'Jogo Responsável', exact: true }).click();
    await expect(page).toHaveURL(/\/jogo-responsavel$/);
  });

  test('signed-in pages send an anonymous visitor to /login', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe('error screens', () => {
  test('unknown paths show the 404 screen and Voltar goes back', async ({ page }) => {
    await page.goto('/privacy');
    await page.goto('/pagina-que-nao-existe');
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByText('Página não encontrada')).toBeVisible();
    await expect(
      page.getByText('Oops! A página que você está procurando não existe ou foi movida.'),
    ).toBeVisible();
    await expect(
      page
        .getByRole('link', { name: 'Ir para Home' })
        .or(page.getByRole('button', { name: 'Ir para Home' })),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Voltar' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
  });

  test('a screen that throws shows the error fallback', async ({ page }) => {
    await page.goto('/__test/throw');
    await expect(page.getByText('Oops! Algo deu errado')).toBeVisible();
    await expect(
      page.getByText('Ocorreu um erro inesperado. Nossa equipe foi notificada.'),
    ).toBeVisible();
    await expect(page.getByText('Erro de teste proposital')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tentar Novamente' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Recarregar Página' })).toBeVisible();
    await expect(
      page.getByText('Se o problema persistir, entre em contato com o suporte.'),
    ).toBeVisible();
  });
});

test.describe('toasts', () => {
  test('a toast shows at the top right and leaves after its duration; duration 0 stays', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // The page's timers run on a clock the test can move forward (no real wait for 'stays').
    await page.clock.install();
    await page.goto('/__test/toast');
    await page.getByRole('button', { name: 'Notificação temporária' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Notificação de sucesso' });
    await expect(toast).toBeVisible();
    const box = await toast.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeLessThan(200);
    expect(box!.x + box!.width).toBeGreaterThan(1280 - 100);
    await expect(toast).toBeHidden({ timeout: 4_000 });

    await page.getByRole('button', { name: 'Notificação fixa', exact: true }).click();
    const sticky = page.getByRole('status').filter({ hasText: 'Fica na tela até ser fechada.' });
    await expect(sticky).toBeVisible();
    // Past the default duration (5 s), and a frame for what its timers would have changed.
    await page.clock.fastForward(6_000);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    await expect(sticky).toBeVisible();
    await page.getByRole('button', { name: 'Fechar notificação' }).click();
    await expect(sticky).toBeHidden();
  });
});

test.describe('content pages', () => {
  test('tutorial and privacy render', async ({ page }) => {
    await page.goto('/tutorial');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Como Usar a Plataforma' }),
    ).toBeVisible();
    await expect(page.getByText('Vídeo tutorial em breve')).toBeVisible();
    await page.goto('/privacy');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Política de Privacidade' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(6);
    await expect(page.getByText('Última atualização: janeiro de 2025')).toBeVisible();
  });
});

test.describe('accessibility', () => {
  for (const path of [
    '/',
    '/login',
    '/register',
    '/forgot-password',
    '/tutorial',
    '/privacy',
    '/support',
    '/sorteios',
    '/pagina-que-nao-existe',
  ]) {
    test(`no serious or critical axe violation on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }

  test('no serious or critical axe violation on the landing page in dark mode', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expectNoSeriousA11yViolations(page);
  });
});
