import { z } from 'zod';

/** The format of a backup directory (docs/operations.md "Backups and restore"); a restore refuses any other. */
export const BACKUP_FORMAT = 1;

/** The backup's files, beside manifest.json. */
export const BACKUP_FILES = {
  manifest: 'manifest.json',
  /** PGlite: the data directory as PGlite's own tarball (`dumpDataDir`). */
  pglite: 'database.tar.gz',
  /** PostgreSQL: `pg_dump -Fc`. */
  postgres: 'database.dump',
  uploads: 'uploads',
  /** `sha256sum` lines of every file under uploads/ (checkable with `sha256sum -c` from inside uploads/). */
  uploadSums: 'uploads.sha256',
} as const;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const count = z.number().int().nonnegative();

export const backupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.iso.datetime(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** The database server's version (`server_version`): PGlite's PostgreSQL, or the server dumped. */
    serverVersion: z.string(),
    /** pg_dump's major version (PostgreSQL only): pg_restore must be at least as new. */
    dumpToolMajor: z.number().int().positive().optional(),
    file: z.string(),
    bytes: count,
    sha256,
  }),
  migrations: z.object({ applied: count, last: z.string().nullable() }),
  /** Rows of every table of the public schema, counted in the same snapshot the dump holds. */
  rows: z.record(z.string(), count),
  uploads: z.object({ files: count, bytes: count }),
});

export type BackupManifest = z.infer<typeof backupManifestSchema>;

/** The tables whose counts a restore prints: members, lots, deals, ledger postings and stored photos. */
export const KEY_TABLES = ['users', 'lots', 'offers', 'wallet_transfers', 'wallet_postings', 'lot_photos'] as const;
