import { defineConfig, devices } from '@playwright/test'
import { CHROME_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from './bench/lib/chromium'

/**
 * Browser tests drive the production build, served by the real server (see tests/e2e/global-setup.ts),
 * in Debian's Chromium. Playwright never downloads a browser here.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: process.env.E2E_BASE_URL,
    launchOptions: { executablePath: CHROME_PATH, args: PLAYWRIGHT_CHROMIUM_ARGS },
    trace: 'off',
  },
})
