import { defineConfig, devices } from '@playwright/test';
import { E2E_PORT, e2eServerEnv } from './support/server-env';

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the built
 * server on a fresh embedded database. Every test runs at phone and desktop widths.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A spec that takes 30 s on a quiet machine has taken over 60 s in CI, where the two cores are
  // shared with the server and the browser; longer specs set their own.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]],
  outputDir: '../test-results',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } },
    { name: 'phone', use: { ...devices['Pixel 7'], browserName: 'chromium', viewport: { width: 390, height: 844 } } },
  ],
  webServer: {
    command: 'node e2e/support/start-server.mjs',
    cwd: '..',
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    env: e2eServerEnv,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
