import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4310);
export const baseURL = `http://localhost:${port}`;
const efiPort = Number(process.env.E2E_EFI_PORT ?? port + 3);

// Debian's Chromium, never a browser downloaded by a tool. The journeys run in its headless shell
// (package chromium-headless-shell), the browser Playwright itself uses headless: the same engine
// without the desktop browser around it, about a third less CPU per page load. The shell has no
// notification service (Notification.permission stays "denied"), so the journeys tagged
// @notifications run in the whole browser. Without the shell, every journey runs in the browser.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const headlessShell =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
const launchArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const browserUse = (executablePath: string) => ({
  ...devices['Desktop Chrome'],
  channel: undefined,
  launchOptions: { executablePath, args: launchArgs },
});

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  // Each lane of scripts/e2e.mjs keeps its own failures' traces and screenshots.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1, // one browser a lane (scripts/e2e.mjs runs two lanes on a 2-core machine)
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  // A bound for a hung journey, not a speed check: `npm test` runs the other steps beside the
  // journeys on the same two cores, and a long journey on a slower machine passed 30 s.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // A trace records every step with DOM snapshots and screencast frames: about a quarter of the
    // journeys' CPU. Only a retried journey (CI retries once) is traced; locally, run the failing
    // journey again with `--trace on`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      grepInvert: /@notifications/,
      use: browserUse(existsSync(headlessShell) ? headlessShell : chromium),
    },
    { name: 'notifications', grep: /@notifications/, use: browserUse(chromium) },
  ],
  webServer: {
    command: 'node --enable-source-maps apps/server/dist/main.js',
    url: `${baseURL}/api/ready`,
    reuseExistingServer: false,
    // A loaded 2-core machine can take longer to migrate and seed: E2E_SERVER_TIMEOUT_MS.
    timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 60_000),
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR ?? '.data-e2e',
      STATIC_DIR: 'apps/web/dist-e2e',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '10000',
      // The journeys sign in many times from one address within a minute.
      RATE_LIMIT_SIGN_IN_MAX: '1000',
      // Many players are created (sign-up, set-password links) within ten minutes.
      RATE_LIMIT_ACCOUNT_MAX: '1000',
      // A real SMTP server on loopback, started by e2e/global-setup.ts.
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT ?? 4325}`,
      // The fake EFI Pix API (mTLS) of e2e/global-setup.ts, for the stored PIX configuration.
      EFI_SANDBOX_URL: `https://127.0.0.1:${efiPort}`,
      EFI_EXTRA_CA: path.join(os.tmpdir(), `sorteio-e2e-efi-${efiPort}`, 'ca.pem'),
    },
  },
});
