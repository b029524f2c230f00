import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { api, apiPath } from '@shop/shared';
import debianChromium from './support/chromium.json' with { type: 'json' };
import { baseURL, dataDir, mailDir, oidcPort, port, root, smtpPort } from './support/env';

/** Debian's Chromium with the flags this machine needs; Playwright never downloads a browser. */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? debianChromium.path,
  args: debianChromium.flags,
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: join(root, 'test-results', `e2e-${port}`),
  // A journey's whole budget, not a wait: each step waits for its condition. 60 s, since the two
  // cores the CI machine shares between the server, two browsers and axe took the longest
  // journeys to 30 s on a slow afternoon (stop 40's rehearsal).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // scripts/test.mjs asks for a JSON report too, to print one summary line for every runner.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    launchOptions: chromium,
    trace: 'retain-on-failure',
  },
  projects: [
    // The storefront checks compare the page with the catalogue, so they run before the journeys
    // that add products, orders and reviews to the same shop.
    { name: 'storefront', testMatch: 'storefront/**/*.spec.ts' },
    { name: 'journeys', testIgnore: 'storefront/**', dependencies: ['storefront'] },
  ],
  webServer: {
    // The production build, started the way `npm start` starts it, on a fresh data folder.
    command: 'node e2e/support/start-server.mjs',
    cwd: root,
    url: `${baseURL}${apiPath(api.settings.health)}`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      E2E_SMTP_PORT: String(smtpPort),
      E2E_MAIL_DIR: mailDir,
      E2E_OIDC_PORT: String(oidcPort),
      GOOGLE_CLIENT_ID: 'partsworks-e2e',
      GOOGLE_CLIENT_SECRET: 'partsworks-e2e-secret',
      // The journeys sign in many times from one address; the API tests prove the limit itself.
      AUTH_RATE_LIMIT_MAX: '1000',
      // An admin by address: the email-verification journey shows the right waits for the link.
      ADMIN_EMAILS: 'chiefadmin@example.com',
      // The seller's own tax id (an EIN), which every invoice prints beside the buyer's.
      SELLER_TAX_ID: 'EIN 74-2931845',
      // The webhook journey's receiver listens on 127.0.0.1, beside the shop.
      WEBHOOK_ALLOW_PRIVATE: 'true',
    },
  },
});
