#!/usr/bin/env node
// `npm start`: builds when the build is missing or older than the sources, then runs the server.
import { execSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const entry = path.join(root, 'dist/server/entry.mjs');

function newest(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const info = statSync(full);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(info.mtimeMs, ...readdirSync(full).map((name) => newest(path.join(target, name))));
}

const sourcesChanged = () =>
  Math.max(...['src', 'public', 'locales', 'astro.config.mjs', 'tailwind.config.ts', 'package.json'].map(newest)) >
  statSync(entry).mtimeMs;
if (!existsSync(entry) || sourcesChanged()) {
  console.log('[start] building the site (first start, or the sources changed)…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
process.env.NODE_ENV ??= 'production';
if (!process.env.SMTP_URL && process.env.DEV_MAILBOX === undefined) {
  // A newcomer's first start has no mail server: keep mail in the outbox and show it at /dev/mailbox
  // (never over https; set SMTP_URL in production).
  process.env.DEV_MAILBOX = 'true';
  console.log('[start] no SMTP_URL: e-mail and SMS stay in the outbox, readable at /dev/mailbox');
}
if (process.platform === 'linux' && process.env.MALLOC_ARENA_MAX === undefined) {
  // glibc's malloc gives each thread that allocates (zlib's compression runs on libuv's threads) an arena of its own
  // and keeps what they grew: two arenas keep the server's memory flat (docs/operations.md "Processes", measured by
  // `npm run soak`). The variable is read when a process starts, so the server runs as a child that has it.
  const server = spawn(process.execPath, [...process.execArgv, entry], {
    stdio: 'inherit',
    env: { ...process.env, MALLOC_ARENA_MAX: '2' },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
} else await import(entry);
