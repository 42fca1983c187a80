import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://127.0.0.1:${port}`;
// A fresh embedded database per run, seeded with the demo data (the same path `npm start` takes).
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `tibeb-e2e-${process.pid}`);
process.env.E2E_DATA_DIR = dataDir;

// A second app whose clock the tests move (e2e/support/shifted-clock.mjs): journeys that need days to pass (a lesson
// held, the earnings' dispute window over) run there, on their own database, without shifting anyone else's time.
const clockPort = Number(process.env.E2E_CLOCK_PORT ?? port + 20);
export const clockURL = `http://127.0.0.1:${clockPort}`;
const clockDataDir = `${dataDir}-clock`;
const clockFile = process.env.E2E_CLOCK_FILE ?? path.join(os.tmpdir(), `tibeb-e2e-clock-${process.pid}.txt`);
process.env.E2E_CLOCK_FILE = clockFile;
process.env.E2E_CLOCK_URL = clockURL;

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The journeys that run on the clock app (they set its time). */
const clockJourneys = [
  /credit-and-expired-hold\.spec\.ts/,
  /interruption\.spec\.ts/,
  /trial\.spec\.ts/,
  /tutor-earnings\.spec\.ts/,
];

// Birr through Chapa (issue 18 §3): the app talks to a local fake of Chapa's API on the next port, which posts
// its signed webhooks back to the app. Dollars by card (the demo checkout) stay the default everywhere.
const chapaPort = Number(process.env.E2E_CHAPA_PORT ?? port + 1);
const chapa = {
  CHAPA_SECRET_KEY: 'CHASECK_TEST-e2e-fake-key',
  CHAPA_WEBHOOK_SECRET: 'e2e-chapa-webhook-secret-hash',
};

export default defineConfig({
  testDir: './tests',
  // One output folder per port, so runs side by side never delete each other's traces.
  outputDir: `test-results/${port}`,
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Two workers, the server and its embedded database share two cores: an axe scan alone can take 20 s there
  // (the home in Amharic passed 45 s on CI at f5d2ec5), so every journey gets what the long ones had.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  // The journeys on the clock app move its one clock (support/server-clock.ts): two at once would move it under each
  // other, so they run one at a time, beside the others: listed first, they start first, instead of running alone
  // at the end while the other worker waits.
  projects: [
    {
      name: 'clock',
      testMatch: clockJourneys,
      workers: 1,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'chromium',
      testIgnore: clockJourneys,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: [
    {
      command: 'node ../apps/api/src/modules/bookings/payments/test/run-fake-chapa.ts',
      url: `http://127.0.0.1:${chapaPort}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        ...chapa,
        CHAPA_FAKE_PORT: String(chapaPort),
        CHAPA_FAKE_WEBHOOK_URL: `${baseURL}/api/payments/webhook/chapa/`,
      },
    },
    {
      command: `rm -rf "${dataDir}" && node ../apps/api/dist/server.js`,
      url: `${baseURL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: baseURL,
        SEED_DEMO: '1',
        // Every journey's family books from this one address, often the same demo tutor (decision 221); the
        // journeys that leave a booking or renewal unpaid on purpose (double tap, abandoned checkout) add up past
        // the real limit of 10 unpaid holds per network (the API tests cover that limit).
        HOLD_LIMIT_PER_TUTOR: '100',
        HOLD_LIMIT_PER_ADDRESS: '1000',
        // Lets several builds coexist (WEB_DIST=/tmp/web-x after `vite build --outDir /tmp/web-x`).
        WEB_DIST: process.env.WEB_DIST ?? '',
        ...chapa,
        CHAPA_BASE_URL: `http://127.0.0.1:${chapaPort}/v1`,
      },
    },
    {
      // No Chapa keys: payouts here take the manual rail (bank file, mark paid).
      command: `rm -rf "${clockDataDir}" && echo 0 > "${clockFile}" && node --import ./support/shifted-clock.mjs ../apps/api/dist/server.js`,
      url: `${clockURL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        PORT: String(clockPort),
        HOST: '127.0.0.1',
        DATA_DIR: clockDataDir,
        PUBLIC_URL: clockURL,
        SEED_DEMO: '1',
        E2E_CLOCK_FILE: clockFile,
        WEB_DIST: process.env.WEB_DIST ?? '',
      },
    },
  ],
});
