import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BACKUP_FILES, BACKUP_FORMAT, type BackupManifest, backupManifestSchema } from '~/features/backup/manifest';
import { sha256OfFile } from './copy-uploads';
import { knownMigrationCount } from './describe-database';

/**
 * Reads a backup directory's manifest and checks the backup before anything is restored from it: a known format,
 * the database file whole (its size and SHA-256 as recorded), no more migrations than this code knows. Throws a
 * message saying what is wrong.
 */
export async function readBackup(dir: string): Promise<BackupManifest> {
  const file = path.join(dir, BACKUP_FILES.manifest);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error(`${dir} holds no ${BACKUP_FILES.manifest}: not a backup, or one that never finished.`);
    throw error;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error(`${file} is not valid JSON: the backup is damaged.`);
  }
  const format = (raw as { format?: unknown } | null)?.format;
  if (format !== BACKUP_FORMAT)
    throw new Error(
      `${file} has format ${JSON.stringify(format)}; this version of Mavuno restores format ${BACKUP_FORMAT} only.`,
    );
  const parsed = backupManifestSchema.safeParse(raw);
  if (!parsed.success)
    throw new Error(
      `${file} is damaged: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || '(top)'} ${issue.message}`).join('; ')}.`,
    );
  const manifest = parsed.data;
  const known = knownMigrationCount();
  if (manifest.migrations.applied > known)
    throw new Error(
      `The backup was made by a newer version of Mavuno (${manifest.migrations.applied} migrations, last ${manifest.migrations.last}; this code knows ${known}): restore it with that version.`,
    );
  const database = path.join(dir, manifest.database.file);
  if (path.dirname(path.resolve(database)) !== path.resolve(dir))
    throw new Error(`${file} names a database file outside the backup: ${manifest.database.file}.`);
  let sum: Awaited<ReturnType<typeof sha256OfFile>>;
  try {
    sum = await sha256OfFile(database);
  } catch {
    throw new Error(`The backup's database file ${database} is missing.`);
  }
  if (sum.bytes !== manifest.database.bytes || sum.hash !== manifest.database.sha256)
    throw new Error(
      `The backup's database file ${database} is damaged: ${sum.bytes} bytes with SHA-256 ${sum.hash}, the manifest says ${manifest.database.bytes} bytes with ${manifest.database.sha256}.`,
    );
  return manifest;
}
