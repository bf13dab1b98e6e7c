import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { BACKUP_FILES, BACKUP_FORMAT, type BackupManifest } from '~/features/backup/manifest';
import type { DatabaseHandle } from '~/server/db/client';
import { copyUploads, sha256OfFile } from './copy-uploads';
import { type DatabaseDescription, describeDatabase } from './describe-database';
import { locatePgTool, runPgTool } from './locate-pg-tool';

export interface BackUpOptions {
  /**
   * The open database. PGlite: opened by this process, which holds its data directory's lock
   * (src/server/db/data-dir-lock.ts), so no server writes to it meanwhile.
   */
  handle: DatabaseHandle;
  /** PostgreSQL: the URL pg_dump connects to (the handle's own database). */
  url?: string;
  /** The local uploads directory (DATA_DIR/uploads). */
  uploadsDir: string;
  /** The backup directory to create: it must not exist, or be empty. */
  dir: string;
}

const rowsOf = async <T>(db: DatabaseHandle['db'], query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Backs up the database and the local uploads into a new directory (docs/operations.md "Backups and restore"):
 * PGlite as its data directory's tarball, PostgreSQL with `pg_dump -Fc` in one exported snapshot whose row counts
 * the manifest records, the uploads as files with their checksums. Everything is written into a sibling directory
 * first and renamed to `dir` at the end, so a `dir` with a manifest is always a whole backup.
 */
export async function backUp(options: BackUpOptions): Promise<BackupManifest> {
  const dir = path.resolve(options.dir);
  if (existsSync(dir) && (await readdir(dir)).length > 0)
    throw new Error(`${dir} is not empty: back up into a new directory (a backup never overwrites another).`);
  await mkdir(path.dirname(dir), { recursive: true });
  const work = `${dir}.partial-${randomBytes(4).toString('hex')}`;
  await mkdir(work);
  try {
    const database = await dumpDatabase(options, work);
    const uploads = await copyUploads(options.uploadsDir, path.join(work, BACKUP_FILES.uploads));
    await writeFile(path.join(work, BACKUP_FILES.uploadSums), uploads.sums);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      database: {
        kind: options.handle.kind,
        serverVersion: database.description.serverVersion,
        ...(database.dumpToolMajor ? { dumpToolMajor: database.dumpToolMajor } : {}),
        file: database.file,
        ...(await sha256OfFile(path.join(work, database.file)).then(({ hash, bytes }) => ({ bytes, sha256: hash }))),
      },
      migrations: database.description.migrations,
      rows: database.description.rows,
      uploads: { files: uploads.files, bytes: uploads.bytes },
    };
    // The manifest last: a directory without one is no backup (the restore refuses it).
    await writeFile(path.join(work, BACKUP_FILES.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
    if (existsSync(dir)) await rmdir(dir);
    await rename(work, dir);
    return manifest;
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}

async function dumpDatabase(
  options: BackUpOptions,
  work: string,
): Promise<{ file: string; description: DatabaseDescription; dumpToolMajor?: number }> {
  const { handle } = options;
  if (handle.kind === 'pglite') {
    if (!handle.dumpDataDir) throw new Error('this PGlite handle cannot dump its data directory');
    const description = await describeDatabase(handle.db);
    // Written out now, the dump needs less recovery when it is opened again.
    await handle.db.execute(sql`checkpoint`);
    // PGlite's own tarball of the data directory: taken between two queries, as consistent as a clean shutdown.
    const tarball = await handle.dumpDataDir();
    await pipeline(
      Readable.fromWeb(tarball.stream() as import('node:stream/web').ReadableStream),
      createGzip(),
      createWriteStream(path.join(work, BACKUP_FILES.pglite)),
    );
    return { file: BACKUP_FILES.pglite, description };
  }
  const { url } = options;
  if (!url) throw new Error('a PostgreSQL backup needs the database URL');
  const tool = await locatePgTool('pg_dump');
  const [{ version }] = await rowsOf<{ version: number }>(
    handle.db,
    sql`select current_setting('server_version_num')::int as version`,
  );
  const serverMajor = Math.floor(version / 10_000);
  if (tool.major < serverMajor)
    throw new Error(
      `pg_dump ${tool.major} cannot dump a PostgreSQL ${serverMajor} server: install the client tools of version ${serverMajor} or newer (Debian: postgresql-client-${serverMajor}) and put them first on PATH.`,
    );
  const file = path.join(work, BACKUP_FILES.postgres);
  // The counts and the dump read one snapshot: pg_dump joins this transaction's (--snapshot), so what the manifest
  // counts is exactly what the dump holds, however busy the site is meanwhile.
  const description = await handle.db.transaction(
    async (tx) => {
      const [{ snapshot }] = (
        (await tx.execute(sql`select pg_export_snapshot() as snapshot`)) as unknown as {
          rows: { snapshot: string }[];
        }
      ).rows;
      const counted = await describeDatabase(tx);
      await runPgTool(tool.command, ['--format=custom', `--snapshot=${snapshot}`, `--file=${file}`], url);
      return counted;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return { file: BACKUP_FILES.postgres, description, dumpToolMajor: tool.major };
}
