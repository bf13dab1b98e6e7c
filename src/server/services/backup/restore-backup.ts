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
 * restored database's migrations and row counts against the manifest, throwing on any difference.
 * PGlite: the data directory is unpacked and checked beside the target, then renamed into place (the target's lock is
 * held throughout, so no server starts on it meanwhile). PostgreSQL: `pg_restore` in one transaction into the
 * configured database, which must be empty (with `force` its schemas are dropped first) and have no other session.
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
    const keptAside = [await swapIn(staged, dataDir), await swapIn(stagedUploads, uploadsDir)].filter(
      (aside): aside is string => aside !== undefined,
    );
    return { manifest, restored, keptAside };
  } finally {
    await rm(staged, { recursive: true, force: true });
    await rm(`${staged}.pid`, { force: true });
    if (stagedUploads) await rm(stagedUploads, { recursive: true, force: true });
    unlock();
  }
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
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
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
    const objects = (
      await client.query<{ n: number }>(
        `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
         where s.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and s.nspname not like 'pg_temp%'`,
      )
    ).rows[0].n;
    if (objects > 0 && !force)
      throw new Error(
        'The target database is not empty: restore into an empty database (createdb), or add --force to drop its schemas first.',
      );
    const stagedUploads = await stageUploads(dir, manifest, uploadsDir);
    try {
      if (objects > 0) {
        // Mavuno's schemas (its tables, drizzle's migrations), dropped in one transaction; public is made again as
        // PostgreSQL creates it.
        await client.query('begin');
        await client.query('drop schema if exists drizzle cascade');
        await client.query('drop schema if exists public cascade');
        await client.query('create schema public');
        await client.query('grant usage on schema public to public');
        await client.query('commit');
      }
      try {
        // One transaction: a failing restore leaves the database as empty as it was.
        await runPgTool(tool.command, [
          '--single-transaction',
          '--exit-on-error',
          '--no-owner',
          `--dbname=${url}`,
          path.join(dir, manifest.database.file),
        ]);
      } catch (error) {
        throw new Error(
          `${(error as Error).message}\nNothing was restored: the database is empty${objects > 0 ? ' (its schemas were dropped by --force)' : ''}, the uploads directory unchanged.`,
        );
      }
      const handle = await openDatabase({ url });
      let restored: DatabaseDescription;
      try {
        restored = await describeDatabase(handle.db);
      } finally {
        await handle.close();
      }
      const found = differences(manifest, restored);
      if (found.length > 0)
        throw new Error(
          `The restored database differs from the backup (the uploads directory was left unchanged):\n  ${found.join('\n  ')}`,
        );
      const aside = await swapIn(stagedUploads, uploadsDir);
      return { manifest, restored, keptAside: aside ? [aside] : [] };
    } finally {
      await rm(stagedUploads, { recursive: true, force: true });
    }
  } finally {
    await client.end();
  }
}
