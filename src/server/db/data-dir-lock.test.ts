import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { DataDirLockedError, LOCK_REFRESH_MS, LOCK_STALE_MS, lockDataDir, lockFileOf } from './data-dir-lock';

const run = promisify(execFile);
const scratch = mkdtempSync(path.join(tmpdir(), 'mavuno-lock-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
afterEach(() => vi.useRealTimers());

let dirs = 0;
const newDataDir = () => path.join(scratch, `d${++dirs}`, 'pglite');

/** A lock file as a process on another host (another container on the same volume) writes it, touched `ageMs` ago. */
function otherHostLock(dataDir: string, ageMs: number) {
  const file = lockFileOf(dataDir);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    `${JSON.stringify({ pid: 1, host: 'mavuno-7f9c-old', command: 'scripts/start.mjs', since: '2026-12-01T00:00:00.000Z', token: 'theirs' })}\n`,
  );
  const at = new Date(Date.now() - ageMs);
  utimesSync(file, at, at);
  return file;
}

describe('the PGlite data directory lock', () => {
  it('refuses a lock of another host that its holder refreshed recently', () => {
    const dataDir = newDataDir();
    const file = otherHostLock(dataDir, LOCK_STALE_MS - 5_000);
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dataDir)).toThrow(/in use by pid 1 on host mavuno-7f9c-old \(scripts\/start\.mjs/);
    expect(JSON.parse(readFileSync(file, 'utf8')).token).toBe('theirs');
  });

  it('takes over a lock of another host not refreshed for three refresh periods (a container recreated after a crash)', () => {
    const dataDir = newDataDir();
    const file = otherHostLock(dataDir, LOCK_STALE_MS + 1_000);
    const release = lockDataDir(dataDir);
    expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(process.pid);
    release();
    expect(existsSync(file)).toBe(false);
    // Nothing is left beside it: no temporary file, no stale one moved aside.
    expect(readdirSync(path.dirname(file))).toEqual([]);
  });

  it('refreshes the lock file while held, and stops when released', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const dataDir = newDataDir();
    mkdirSync(path.dirname(dataDir), { recursive: true });
    const release = lockDataDir(dataDir);
    const file = lockFileOf(dataDir);
    const old = new Date(Date.now() - LOCK_STALE_MS * 2);
    utimesSync(file, old, old);
    vi.advanceTimersByTime(LOCK_REFRESH_MS);
    expect(Date.now() - statSync(file).mtimeMs).toBeLessThan(5_000);
    // Refreshed, it is held: the same process is refused, as another one would be.
    expect(() => lockDataDir(dataDir)).toThrow(/already open in this process/);
    release();
    expect(existsSync(file)).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('lets exactly one of several processes take over the same stale lock at once', async () => {
    const dataDir = newDataDir();
    const file = otherHostLock(dataDir, LOCK_STALE_MS + 60_000);
    const contenders = 5;
    const startAt = Date.now() + 4_000;
    const outputs = await Promise.all(
      Array.from({ length: contenders }, () =>
        run(path.resolve('node_modules/.bin/tsx'), ['tests/fixtures/lock-contender.ts'], {
          env: { ...process.env, LOCK_DATA_DIR: dataDir, LOCK_START_AT: String(startAt), LOCK_HOLD_MS: '4000' },
        }).then((done) => done.stdout.trim()),
      ),
    );
    expect(
      outputs.filter((line) => line === 'won'),
      outputs.join('\n'),
    ).toHaveLength(1);
    expect(
      outputs.filter((line) => line.startsWith('lost The embedded database')),
      outputs.join('\n'),
    ).toHaveLength(contenders - 1);
    // The winner released it; nothing else is left.
    expect(existsSync(file)).toBe(false);
    expect(readdirSync(path.dirname(file))).toEqual([]);
  }, 60_000);
});
