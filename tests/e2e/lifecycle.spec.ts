import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { freePort } from '../../scripts/lib/fleet.mjs';
import { test } from './test';

// These start their own server processes from the build the web server step made.
const ENTRY = path.resolve('dist/server/entry.mjs');

/** The server's configuration is pinned: nothing from the shell (DATABASE_URL, PUBLIC_URL, SMTP_URL…) leaks in. */
const PINNED = {
  NODE_ENV: 'production',
  DATABASE_URL: '',
  PUBLIC_URL: '',
  SMTP_URL: '',
  CAPTCHA_PROVIDER: '',
  AFRICASTALKING_USERNAME: '',
  AFRICASTALKING_API_KEY: '',
};

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [ENTRY], {
    env: { ...process.env, ...PINNED, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

// A fresh start migrates and seeds the reference data: 30–90 s on a loaded two-core CI machine. Allow three minutes.
const HEALTHY_WITHIN_MS = 180_000;

async function waitForHealth(port: number) {
  const deadline = Date.now() + HEALTHY_WITHIN_MS;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not become healthy');
}

test.describe('[SERVER] start-up and shutdown', () => {
  test('refuses to start with bad configuration and names the variable', async () => {
    const server = startServer({ PORT: 'eighty', DATABASE_URL: 'mysql://nope' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
    expect(server.output()).toContain('DATABASE_URL');
  });

  test("refuses to serve a public site with the test suites' setting (their password hashes are the cheapest)", async () => {
    const server = startServer({
      NODE_ENV: 'test',
      PUBLIC_URL: 'https://mavuno.example',
      PORT: String(await freePort()),
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('NODE_ENV');
  });

  test('refuses to start on PostgreSQL without the secrets its processes share, naming the variable', async () => {
    // Checked before the database is reached: this address has no server.
    const server = startServer({
      DATABASE_URL: 'postgres://mavuno@127.0.0.1:9/mavuno',
      PORT: String(await freePort()),
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('SANDBOX_PAYMENT_SECRET');
  });

  test('finishes on SIGTERM, closes the database, and starts again on the same data', async () => {
    // Two starts (the first one fresh) and two shutdowns.
    test.setTimeout(2 * HEALTHY_WITHIN_MS + 60_000);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mavuno-life-'));
    let server: { child: ChildProcess; exited: Promise<number | null>; output: () => string } | undefined;
    try {
      const port = await freePort();
      server = startServer({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED_DEMO: 'false',
      });
      await waitForHealth(port);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('stopped');

      server = startServer({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED_DEMO: 'false',
      });
      await waitForHealth(port);
      const countries = await (await fetch(`http://127.0.0.1:${port}/api-v2/country-dropdown`)).json();
      expect(countries.items.length).toBeGreaterThan(240);
      server.child.kill('SIGINT');
      expect(await server.exited).toBe(0);
    } finally {
      server?.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
