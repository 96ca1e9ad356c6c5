import { defineConfig } from '@playwright/test';

// Browser tests of the web console (ARCHITECTURE §8) on Debian's chromium: Playwright never downloads a browser.
export default defineConfig({
  testDir: 'e2e/console',
  testMatch: '**/*.pw.ts',
  outputDir: 'tmp/playwright/test-results',
  globalSetup: './e2e/console/support/global-setup.ts',
  workers: 1,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  forbidOnly: true,
  reporter: [['list']],
  use: {
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-dev-shm-usage'] },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
