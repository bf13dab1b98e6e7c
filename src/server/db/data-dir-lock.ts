import { randomBytes } from 'node:crypto';
import {
  closeSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  type Stats,
  statSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { log } from '~/server/log';
import { processGlobal } from '~/server/process-global';

/** What a lock file says about the process that holds it. */
export interface DataDirHolder {
  pid: number;
  host: string;
  command: string;
  since: string;
  /** Random, one per lock taken: tells this holder's file from a later one of the same pid (a restarted container). */
  token?: string;
}

/** How often the holder touches its lock file (its mtime): the proof that it still runs. */
export const LOCK_REFRESH_MS = 10_000;
/** A lock file not touched for this long is stale, whatever host or pid it names (three refreshes missed). */
export const LOCK_STALE_MS = 3 * LOCK_REFRESH_MS;

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
      holder.pid === process.pid && holder.host === hostname()
        ? `The embedded database ${dataDir} is already open in this process.`
        : `The embedded database ${dataDir} is in use by pid ${holder.pid}${holder.host === hostname() ? '' : ` on host ${holder.host}`} (${holder.command || 'unknown command'}, since ${holder.since}): stop the site first (npm start, or whichever command that is), then try again. PGlite opens a data directory in one process at a time; a lock its holder stops refreshing is taken over ${LOCK_STALE_MS / 1000} s later.`,
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

const parseHolder = (text: string | undefined): DataDirHolder | undefined => {
  if (text === undefined) return undefined;
  try {
    const holder = JSON.parse(text) as DataDirHolder;
    return Number.isInteger(holder?.pid) ? holder : undefined;
  } catch {
    return undefined;
  }
};

const readText = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

const statOf = (file: string): Stats | undefined => {
  try {
    return statSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
};

const uniqueSuffix = () => `${process.pid}-${randomBytes(6).toString('hex')}`;

/**
 * Whether a lock file another process may hold is stale. Not touched for LOCK_STALE_MS: stale, whatever it names
 * (its holder stopped, or runs on another host, e.g. the container before this one on the same volume). Touched
 * recently: held, unless it names this host and a pid that is gone — or this pid, which this process does not hold
 * (a container restarted with the same pid) — which is stale at once.
 */
function isStale(holder: DataDirHolder | undefined, stats: Stats, now = Date.now()): boolean {
  if (now - stats.mtimeMs >= LOCK_STALE_MS) return true;
  if (!holder || holder.host !== hostname()) return false;
  return holder.pid === process.pid || !isAlive(holder.pid);
}

/**
 * Puts a lock file with `text` at `file` if there is none, atomically: written whole under a unique name, then
 * hard-linked into place (link fails when the name exists), so no reader ever sees a half-written lock. Where the
 * file system has no hard links it falls back to an exclusive create (`wx`). Answers whether it placed it.
 */
function place(file: string, text: string): boolean {
  const temporary = `${file}.${uniqueSuffix()}.tmp`;
  writeFileSync(temporary, text, { flag: 'wx' });
  try {
    linkSync(temporary, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS' && code !== 'EOPNOTSUPP') throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
  let fd: number;
  try {
    fd = openSync(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Moves a stale lock file out of the way. Only one rename of a name succeeds, so of two contenders that both found
 * it stale one moves it; the other finds nothing to move (or the winner's new lock, which it puts back). Answers
 * nothing: the caller tries to place its own lock again either way.
 */
function removeStale(file: string, seen: { text: string | undefined; stats: Stats }) {
  const aside = `${file}.stale-${uniqueSuffix()}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = statOf(aside);
  const same = moved && moved.ino === seen.stats.ino && moved.dev === seen.stats.dev && readText(aside) === seen.text;
  if (!same) {
    // Between the look and the rename another contender replaced the stale file with its own lock: put it back.
    try {
      linkSync(aside, file);
    } catch {
      // A third process placed one meanwhile: it wins; the contender whose file this was finds out at its next refresh.
    }
  }
  rmSync(aside, { force: true });
}

/**
 * Takes the one-process lock of a PGlite data directory: a pid file beside the directory. PGlite itself keeps none,
 * and two processes on one directory corrupt it (docs/operations.md "Backups and restore"). The holder touches the
 * file every LOCK_REFRESH_MS (an unref'd timer); a file not touched for LOCK_STALE_MS is stale and taken over,
 * whatever host or pid it names, and so, at once, is one naming a pid of this host that is gone. The takeover is
 * atomic: the stale file is renamed aside (one contender's rename succeeds), a new one is linked into place (one
 * contender's link succeeds), and the winner reads it back. Answers the function that releases the lock.
 */
export function lockDataDir(dataDir: string): () => void {
  const resolved = path.resolve(dataDir);
  const file = lockFileOf(resolved);
  if (held.has(resolved)) throw new DataDirLockedError(resolved, parseHolder(readText(file)) ?? ownHolder());
  const own = ownHolder();
  const text = `${JSON.stringify(own)}\n`;
  for (let attempt = 0; ; attempt++) {
    if (place(file, text)) {
      // Read back: the file in place is this one (not replaced by a contender that judged it stale meanwhile).
      if (readText(file) === text) break;
    } else {
      const stats = statOf(file);
      if (stats) {
        const seen = readText(file);
        const holder = parseHolder(seen);
        if (!isStale(holder, stats))
          throw new DataDirLockedError(
            resolved,
            holder ?? { pid: 0, host: '?', command: 'a lock file being written', since: stats.mtime.toISOString() },
          );
        removeStale(file, { text: seen, stats });
      }
    }
    if (attempt >= 4) {
      const holder = parseHolder(readText(file));
      if (holder && holder.token !== own.token) throw new DataDirLockedError(resolved, holder);
      throw new Error(`Could not take the lock ${file}: other processes keep replacing it.`);
    }
  }
  held.add(resolved);
  let released = false;
  const isOurs = () => parseHolder(readText(file))?.token === own.token;
  // The hold's heartbeat: this process's own liveness, so it runs in the process that holds the lock (one per data
  // directory: PGlite opens in one process), not through the job runner, which runs shared work once across processes.
  // Unref'd, and stopped by release().
  const refresh = setInterval(() => {
    if (!isOurs()) {
      clearInterval(refresh);
      log.error(
        { component: 'db' },
        `The lock ${file} of the embedded database is no longer this process's: another process may have opened the database. Stop this one.`,
      );
      return;
    }
    const now = new Date();
    try {
      utimesSync(file, now, now);
    } catch (error) {
      log.error({ component: 'db' }, `Could not refresh the lock ${file}: ${(error as Error).message}`);
    }
  }, LOCK_REFRESH_MS);
  refresh.unref();
  const onExit = () => release();
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(refresh);
    held.delete(resolved);
    process.off('exit', onExit);
    if (isOurs()) rmSync(file, { force: true });
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
    token: randomBytes(8).toString('hex'),
  };
}
