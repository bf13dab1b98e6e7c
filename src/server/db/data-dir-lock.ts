import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { processGlobal } from '~/server/process-global';

/** What a lock file says about the process that holds it. */
export interface DataDirHolder {
  pid: number;
  host: string;
  command: string;
  since: string;
}

/** Data directories this process holds (kept on globalThis: the dev server reloads modules). */
const held = processGlobal('mavuno.data-dir-locks', () => new Set<string>());

/** The lock file of a PGlite data directory: beside it (DATA_DIR/pglite.pid), so a dump of the directory leaves it out. */
export const lockFileOf = (dataDir: string) => `${path.resolve(dataDir)}.pid`;

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: DataDirHolder,
  ) {
    super(
      holder.pid === process.pid
        ? `The embedded database ${dataDir} is already open in this process.`
        : `The embedded database ${dataDir} is in use by pid ${holder.pid} (${holder.command || 'unknown command'}, since ${holder.since}): stop the site first (npm start, or whichever command that is), then try again. PGlite opens a data directory in one process at a time; if pid ${holder.pid} is not a Mavuno process, remove ${lockFileOf(dataDir)}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const readHolder = (file: string): DataDirHolder | undefined => {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as DataDirHolder;
    return Number.isInteger(holder.pid) ? holder : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Takes the one-process lock of a PGlite data directory: a pid file created exclusively beside the directory. PGlite
 * itself keeps none, and two processes on one directory corrupt it (docs/operations.md "Backups and restore"). A file
 * left by a process that is gone (killed, crashed) is taken over; so is one naming this process's pid that this
 * process does not hold (a container restarted with the same pid). Answers the function that releases the lock.
 */
export function lockDataDir(dataDir: string): () => void {
  const resolved = path.resolve(dataDir);
  const file = lockFileOf(resolved);
  if (held.has(resolved)) throw new DataDirLockedError(resolved, readHolder(file) ?? ownHolder());
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      try {
        writeSync(fd, `${JSON.stringify(ownHolder())}\n`);
      } finally {
        closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw error;
      const holder = readHolder(file);
      if (holder && holder.pid !== process.pid && holder.host === hostname() && isAlive(holder.pid))
        throw new DataDirLockedError(resolved, holder);
      if (holder && holder.host !== hostname())
        throw new DataDirLockedError(resolved, { ...holder, command: `${holder.command} on host ${holder.host}` });
      // Stale (or half-written by a process killed while writing it): remove it and try to create it again.
      rmSync(file, { force: true });
    }
  }
  held.add(resolved);
  let released = false;
  const onExit = () => release();
  const release = () => {
    if (released) return;
    released = true;
    held.delete(resolved);
    process.off('exit', onExit);
    if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
  };
  // A process that ends without closing the database (an uncaught error) leaves no lock behind.
  process.on('exit', onExit);
  return release;
}

function ownHolder(): DataDirHolder {
  return {
    pid: process.pid,
    host: hostname(),
    command: [path.relative(process.cwd(), process.argv[1] ?? ''), ...process.argv.slice(2)].join(' '),
    since: new Date().toISOString(),
  };
}
