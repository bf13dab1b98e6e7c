import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Dates and the browser's language follow TZ and LANG: pinned, whatever the shell holds (the browser and the servers
// started here inherit them). The server's own configuration is pinned in webServer.env below.
Object.assign(process.env, { TZ: 'UTC', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', LANGUAGE: '' });

/**
 * e2e runs the production build on its own port and its own fresh database, at the loopback address itself: the
 * name `localhost` costs Playwright's request client (every `request` fixture and `context.request`) a lookup of
 * both address families per connection, and where the hosts file names localhost for IPv4 only, the IPv6 lookup goes
 * to the network's resolver, which on these machines now and then answers only after its 5 s timeout.
 */
const PORT = Number(process.env.E2E_PORT ?? 4399);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'mavuno-e2e-'));
process.env.E2E_DATA_DIR = dataDir; // the config is evaluated again in each worker: keep one directory
// Debian's headless shell (chromium-headless-shell, which .ci/run installs) when there is one: the same engine without
// the browser's own interface, whose processes took a third of the suite's CPU; else Debian's full Chromium.
const chromium = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (candidate) => existsSync(candidate),
);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  use: {
    baseURL: ORIGIN,
    // Recording a trace (DOM snapshots and a screencast of every step) about doubles the browser's work: CI records
    // one for the retry of a failed test only; a local run keeps the failed tests' traces.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    locale: 'en-US',
    timezoneId: 'UTC',
    launchOptions: {
      executablePath: chromium,
      // Debian's Chromium as root in a closed network: no sandbox, no background connections.
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // E2E_BUILT=1: dist/ already holds this checkout's build (.ci/run builds once for every suite that starts it).
    command: `${process.env.E2E_BUILT === '1' ? '' : 'npm run build && '}node dist/server/entry.mjs`,
    url: `${ORIGIN}/healthz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      S3_BUCKET: '',
      SEED_DEMO: 'true',
      DEV_MAILBOX: 'true',
      NODE_ENV: 'production',
      PUBLIC_URL: ORIGIN,
    },
  },
});
