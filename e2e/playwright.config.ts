import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// The built app served by `npm start` on an empty data folder, driven by Debian's Chromium.
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'bhada-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
// pending payments are re-checked within seconds here, so the journey proves the status job settles them
process.env.PAYMENT_CHECK_SCHEDULE_MINUTES ??= '0.25,0.5,1,2,3,4,5,6';

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: 'npm start',
    cwd: '..',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      OTP_IP_LIMIT: '500',
      RATE_LIMIT_MAX: '5000',
      // the payment status job's schedule (minutes after the order); the payments journey's pending
      // payment is settled by this job when a short list is passed, e.g. '0.25,0.5,1,2,3,4,5,6'
      PAYMENT_CHECK_SCHEDULE_MINUTES: process.env.PAYMENT_CHECK_SCHEDULE_MINUTES,
    },
  },
});
