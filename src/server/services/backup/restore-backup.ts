import { randomBytes } from 'node:crypto';
import { existsSync, openAsBlob } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { BACKUP_FILES, type BackupManifest } from '~/features/backup/manifest';
import { lockDataDir } from '~/server/db/data-dir-lock';
import { openDatabase } from '~/server/db/client';
import { copyUploads } from './copy-uploads';
import { type DatabaseDescription, describeDatabase } from './describe-database';
import { locatePgTool, runPgTool } from './locate-pg-tool';
import { readBackup } from './read-backup';

export type RestoreTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export interface RestoreOptions {
  /** The backup directory (made by backUp, src/server/services/backup/back-up.ts). */
  dir: string;
  target: RestoreTarget;
  /** The local uploads directory to restore the files into (DATA_DIR/uploads). */
  uploadsDir: string;
  /** Replace a database or an uploads directory that is not empty (PGlite's and the files are kept aside). */
  force?: boolean;
}

export interface RestoreReport {
  manifest: BackupManifest;
  restored: DatabaseDescription;
  /** Where the replaced data directory and uploads went (with `force`), for the operator to remove. */
  keptAside: string[];
  /** PostgreSQL with `force` on a database that was not empty: the name the replaced database is kept under. */
  keptDatabase?: string;
}

/** What differs between the backup's counts and the restored database's: empty when they agree. */
function differences(manifest: BackupManifest, restored: DatabaseDescription): string[] {
  const found: string[] = [];
  if (restored.migrations.applied !== manifest.migrations.applied)
    found.push(`migrations: backup ${manifest.migrations.applied}, restored ${restored.migrations.applied}`);
  for (const table of new Set([...Object.keys(manifest.rows), ...Object.keys(restored.rows)]))
    if (manifest.rows[table] !== restored.rows[table])
      found.push(
        `${table}: backup ${manifest.rows[table] ?? 'no table'}, restored ${restored.rows[table] ?? 'no table'}`,
      );
  return found;
}

const isNonEmptyDir = async (dir: string) => existsSync(dir) && (await readdir(dir)).length > 0;
const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/** Copies the backup's files into a new directory beside `uploadsDir` and checks every one against the backup. */
async function stageUploads(dir: string, manifest: BackupManifest, uploadsDir: string): Promise<string> {
  const staged = `${uploadsDir}.restoring-${randomBytes(4).toString('hex')}`;
  try {
    const copy = await copyUploads(path.join(dir, BACKUP_FILES.uploads), staged);
    const recorded = await readFile(path.join(dir, BACKUP_FILES.uploadSums), 'utf8').catch(() => undefined);
    if (recorded === undefined) throw new Error(`The backup has no ${BACKUP_FILES.uploadSums}: it is damaged.`);
    if (copy.files !== manifest.uploads.files || copy.bytes !== manifest.uploads.bytes || copy.sums !== recorded)
      throw new Error(
        `The backup's uploads differ from what it recorded (${copy.files} files, ${copy.bytes} bytes; the manifest says ${manifest.uploads.files} files, ${manifest.uploads.bytes} bytes${copy.sums === recorded ? '' : '; checksums differ'}): the backup is damaged.`,
      );
    return staged;
  } catch (error) {
    await rm(staged, { recursive: true, force: true });
    throw error;
  }
}

/** Puts a staged directory in place of `target`, keeping a non-empty `target` aside; answers where it went. */
async function swapIn(staged: string, target: string): Promise<string | undefined> {
  let aside: string | undefined;
  if (await isNonEmptyDir(target)) {
    aside = `${target}.before-restore-${stamp()}`;
    await rename(target, aside);
  } else await rm(target, { recursive: true, force: true });
  await rename(staged, target);
  return aside;
}

/**
 * Restores a backup (docs/operations.md "Backups and restore") with the site stopped: checks the backup first
 * (readBackup), refuses a target database or uploads directory that is not empty unless `force`, and checks the
 * restored database's migrations and row counts against the manifest, throwing on any difference. Whatever fails,
 * the target database and uploads directory are left as they were.
 * PGlite: the data directory is unpacked and checked beside the target, then renamed into place (the target's lock is
 * held throughout, so no server starts on it meanwhile); if the uploads cannot be put in place then, it is put back.
 * PostgreSQL: the configured database must have no other session. An empty one is restored into with `pg_restore` in
 * one transaction (emptied again when its counts differ); one that is not (with `force`) is restored into a new
 * database `<name>_restore_<time>` beside it, checked there, and swapped in by renaming (the replaced one is kept as
 * `<name>_before_restore_<time>`, answered as `keptDatabase`).
 * The files are copied and checked beside the uploads directory, then renamed into place once the database is.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreReport> {
  const dir = path.resolve(options.dir);
  const uploadsDir = path.resolve(options.uploadsDir);
  const manifest = await readBackup(dir);
  const { target } = options;
  if (manifest.database.kind !== target.kind)
    throw new Error(
      manifest.database.kind === 'pglite'
        ? 'This backup holds the embedded database (PGlite), but DATABASE_URL names a PostgreSQL server: unset DATABASE_URL to restore it.'
        : 'This backup holds a PostgreSQL database (pg_dump): set DATABASE_URL to the empty database to restore it into.',
    );
  if (!options.force && (await isNonEmptyDir(uploadsDir)))
    throw new Error(`${uploadsDir} is not empty: restore refuses to replace files (add --force to replace them).`);
  return target.kind === 'pglite'
    ? restorePglite(dir, manifest, target.dataDir, uploadsDir, options.force ?? false)
    : restorePostgres(dir, manifest, target.url, uploadsDir, options.force ?? false);
}

async function restorePglite(
  dir: string,
  manifest: BackupManifest,
  dataDirOption: string,
  uploadsDir: string,
  force: boolean,
): Promise<RestoreReport> {
  const dataDir = path.resolve(dataDirOption);
  await mkdir(path.dirname(dataDir), { recursive: true });
  const unlock = lockDataDir(dataDir);
  const staged = `${dataDir}.restoring-${randomBytes(4).toString('hex')}`;
  let stagedUploads: string | undefined;
  try {
    if (!force && (await isNonEmptyDir(dataDir)))
      throw new Error(
        `${dataDir} already holds a database: restore refuses to replace it (add --force to replace it).`,
      );
    const handle = await openDatabase({
      dataDir: staged,
      loadDataDir: await openAsBlob(path.join(dir, manifest.database.file), { type: 'application/gzip' }),
    });
    let restored: DatabaseDescription;
    try {
      restored = await describeDatabase(handle.db);
    } finally {
      await handle.close();
    }
    const found = differences(manifest, restored);
    if (found.length > 0)
      throw new Error(`The unpacked database differs from the backup, nothing was replaced:\n  ${found.join('\n  ')}`);
    stagedUploads = await stageUploads(dir, manifest, uploadsDir);
    const databaseAside = await swapIn(staged, dataDir);
    let uploadsAside: string | undefined;
    try {
      uploadsAside = await swapIn(stagedUploads, uploadsDir);
    } catch (error) {
      // The files could not be put in place: the database goes back too (the restored one to the staging name,
      // removed below; the replaced one to its own).
      try {
        await rename(dataDir, staged);
        if (databaseAside) await rename(databaseAside, dataDir);
      } catch (undo) {
        throw new Error(
          `${(error as Error).message}\nThe uploads could not be put in place, and putting the database back failed too (${(undo as Error).message})${databaseAside ? `: the replaced database is in ${databaseAside}` : ''}.`,
        );
      }
      throw new Error(
        `${(error as Error).message}\nThe uploads could not be put in place: the database was put back as it was, the uploads directory is unchanged.`,
      );
    }
    const keptAside = [databaseAside, uploadsAside].filter((aside): aside is string => aside !== undefined);
    return { manifest, restored, keptAside };
  } finally {
    await rm(staged, { recursive: true, force: true });
    await rm(`${staged}.pid`, { force: true });
    if (stagedUploads) await rm(stagedUploads, { recursive: true, force: true });
    unlock();
  }
}

/** The URL of another database on the same server as `url`. */
const databaseUrl = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(name)}`;
  return parsed.toString();
};

/** Runs statements on one connection to `url`, then closes it. */
async function onDatabase(url: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Runs `work` again while PostgreSQL answers that a database is in use (55006): a session that has just closed may
 * linger a moment. Asked for up to about three seconds.
 */
async function whileInUse<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 15) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** Drops a database this restore made, ignoring a failure (the message then names it for the operator). */
const dropQuietly = (url: string, name: string) =>
  whileInUse(() => onDatabase(url, [`drop database if exists ${pg.escapeIdentifier(name)}`])).catch(() => undefined);

/** Counts the restored database's rows and compares them with the manifest's; throws naming each difference. */
async function checkRestored(url: string, manifest: BackupManifest, what: string): Promise<DatabaseDescription> {
  const handle = await openDatabase({ url });
  let restored: DatabaseDescription;
  try {
    restored = await describeDatabase(handle.db);
  } finally {
    await handle.close();
  }
  const found = differences(manifest, restored);
  if (found.length > 0)
    throw new Error(`The restored database differs from the backup, ${what}:\n  ${found.join('\n  ')}`);
  return restored;
}

async function restorePostgres(
  dir: string,
  manifest: BackupManifest,
  url: string,
  uploadsDir: string,
  force: boolean,
): Promise<RestoreReport> {
  const tool = await locatePgTool('pg_restore');
  if (manifest.database.dumpToolMajor && tool.major < manifest.database.dumpToolMajor)
    throw new Error(
      `pg_restore ${tool.major} cannot read a dump made by pg_dump ${manifest.database.dumpToolMajor}: install the client tools of version ${manifest.database.dumpToolMajor} or newer and put them first on PATH.`,
    );
  const dump = path.join(dir, manifest.database.file);
  const restoreArgs = ['--single-transaction', '--exit-on-error', '--no-owner', dump];
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let name: string;
  let objects: number;
  try {
    name = (await client.query<{ name: string }>('select current_database() as name')).rows[0].name;
    // A session that has just closed may linger a moment: asked a few times over two seconds.
    let others = 0;
    for (let attempt = 0; attempt < 10; attempt++) {
      others = (
        await client.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        )
      ).rows[0].n;
      if (others === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (others > 0)
      throw new Error(
        `${others} other session(s) are connected to the target database: stop the site (and anything else using it) first.`,
      );
    objects = (
      await client.query<{ n: number }>(
        `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
         where s.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and s.nspname not like 'pg_temp%'`,
      )
    ).rows[0].n;
  } finally {
    await client.end();
  }
  if (objects > 0 && !force)
    throw new Error(
      'The target database is not empty: restore into an empty database (createdb), or add --force to replace it (it is kept under another name).',
    );
  const stagedUploads = await stageUploads(dir, manifest, uploadsDir);
  try {
    if (objects === 0) {
      // An empty database: restored into in place, in one transaction (a failing pg_restore leaves it empty).
      try {
        await runPgTool(tool.command, restoreArgs, url);
      } catch (error) {
        throw new Error(
          `${(error as Error).message}\nNothing was restored: the database is empty as it was, the uploads directory unchanged.`,
        );
      }
      let restored: DatabaseDescription;
      try {
        restored = await checkRestored(
          url,
          manifest,
          'so it was emptied again and the uploads directory left unchanged',
        );
        const aside = await swapIn(stagedUploads, uploadsDir).catch((error: Error) => {
          throw new Error(
            `${error.message}\nThe uploads could not be put in place: the database was emptied again, the uploads directory is unchanged.`,
          );
        });
        return { manifest, restored, keptAside: aside ? [aside] : [] };
      } catch (error) {
        // Back to the empty database it was: Mavuno's schemas dropped, public made again as PostgreSQL creates it.
        await onDatabase(url, [
          'begin',
          'drop schema if exists drizzle cascade',
          'drop schema if exists public cascade',
          'create schema public',
          'grant usage on schema public to public',
          'commit',
        ]).catch(() => undefined);
        throw error;
      }
    }
    // A database that is not empty (--force) is never touched until the backup is restored and checked beside it:
    // into a new database, which then takes its name; the replaced one is kept under another.
    const time = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    const base = name.slice(0, 63 - `_before_restore_${time}`.length);
    const fresh = `${base}_restore_${time}`;
    const before = `${base}_before_restore_${time}`;
    await onDatabase(url, [`create database ${pg.escapeIdentifier(fresh)}`]);
    let restored: DatabaseDescription;
    try {
      try {
        await runPgTool(tool.command, restoreArgs, databaseUrl(url, fresh));
      } catch (error) {
        throw new Error(
          `${(error as Error).message}\nNothing was replaced: the database ${name} and the uploads directory are unchanged.`,
        );
      }
      restored = await checkRestored(
        databaseUrl(url, fresh),
        manifest,
        `nothing was replaced (the database ${name} and the uploads directory are unchanged)`,
      );
      // The swap: renamed from a connection to the other database (PostgreSQL renames no database in use).
      await whileInUse(() =>
        onDatabase(databaseUrl(url, fresh), [
          `alter database ${pg.escapeIdentifier(name)} rename to ${pg.escapeIdentifier(before)}`,
        ]),
      ).catch((error: Error) => {
        throw new Error(
          `Could not rename ${name} to ${before} (${error.message}): nothing was replaced, the database ${name} and the uploads directory are unchanged.`,
        );
      });
    } catch (error) {
      await dropQuietly(url, fresh);
      throw error;
    }
    const renameBack = () =>
      whileInUse(() =>
        onDatabase(databaseUrl(url, fresh), [
          `alter database ${pg.escapeIdentifier(before)} rename to ${pg.escapeIdentifier(name)}`,
        ]),
      );
    try {
      await whileInUse(() =>
        onDatabase(databaseUrl(url, before), [
          `alter database ${pg.escapeIdentifier(fresh)} rename to ${pg.escapeIdentifier(name)}`,
        ]),
      );
    } catch (error) {
      const putBack = await renameBack().then(
        () => true,
        () => false,
      );
      if (putBack) await dropQuietly(url, fresh);
      throw new Error(
        putBack
          ? `Could not rename ${fresh} to ${name} (${(error as Error).message}): the database ${name} was put back as it was, the uploads directory is unchanged.`
          : `Could not rename ${fresh} to ${name} (${(error as Error).message}), nor ${before} back: the replaced database is ${before}, the restored one ${fresh}; the uploads directory is unchanged.`,
      );
    }
    let aside: string | undefined;
    try {
      aside = await swapIn(stagedUploads, uploadsDir);
    } catch (error) {
      // The files could not be put in place: the database goes back too (the restored one is dropped).
      await whileInUse(() =>
        onDatabase(databaseUrl(url, before), [
          `alter database ${pg.escapeIdentifier(name)} rename to ${pg.escapeIdentifier(fresh)}`,
        ]),
      )
        .then(renameBack)
        .then(() => dropQuietly(url, fresh))
        .catch((undo: Error) => {
          throw new Error(
            `${(error as Error).message}\nThe uploads could not be put in place, and putting the database back failed too (${undo.message}): the replaced database is ${before}.`,
          );
        });
      throw new Error(
        `${(error as Error).message}\nThe uploads could not be put in place: the database ${name} was put back as it was, the uploads directory is unchanged.`,
      );
    }
    return { manifest, restored, keptAside: aside ? [aside] : [], keptDatabase: before };
  } finally {
    await rm(stagedUploads, { recursive: true, force: true });
  }
}
