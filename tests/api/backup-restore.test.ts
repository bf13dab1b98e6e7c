import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_FILES, type BackupManifest } from '~/features/backup/manifest';
import { type DatabaseHandle, openDatabase } from '~/server/db/client';
import { DataDirLockedError, lockDataDir, lockFileOf } from '~/server/db/data-dir-lock';
import { lotPhotos, lots, offers, users, walletPostings, walletTransfers } from '~/server/db/schema';
import { loadDemoData } from '~/server/db/seed';
import { backUp } from '~/server/services/backup/back-up';
import { type RestoreTarget, restoreBackup } from '~/server/services/backup/restore-backup';
import { checkLedger } from '~/server/services/wallet/check-ledger';
import { createLocalStorage, installStorage } from '~/server/storage';
import { signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { onDatabaseServer } from '../fixtures/database-server';
import { act, makeOffer } from '../fixtures/deals';
import { maizeLot, memberWithTier, postAs, wrapped } from '../fixtures/lots';
import { topUp, userId } from '../fixtures/wallet';

const database = useTestDatabase();
const serverUrl = process.env.TEST_DATABASE_URL || undefined;

const scratch = mkdtempSync(path.join(tmpdir(), 'mavuno-backup-'));
const uploads = path.join(scratch, 'uploads');
const backupDir = path.join(scratch, 'backup');
beforeAll(() => installStorage(createLocalStorage(uploads)));

/** Databases made on TEST_DATABASE_URL's server to restore into, dropped at the end. */
const madeDatabases: string[] = [];
const opened: DatabaseHandle[] = [];
afterAll(async () => {
  installStorage(undefined);
  for (const handle of opened) await handle.close();
  if (serverUrl)
    for (const name of madeDatabases)
      await onDatabaseServer(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  rmSync(scratch, { recursive: true, force: true });
});

const urlOf = (name: string) => Object.assign(new URL(serverUrl ?? ''), { pathname: `/${name}` }).toString();

/** An empty target of the suite's database kind: a new PGlite data directory, or a new database on the server. */
async function emptyTarget(label: string): Promise<{ target: RestoreTarget; uploadsDir: string }> {
  const uploadsDir = path.join(scratch, `${label}-uploads`);
  if (!serverUrl)
    return { target: { kind: 'pglite', dataDir: path.join(scratch, `${label}-data`, 'pglite') }, uploadsDir };
  const name = `mavuno_restore_${randomBytes(6).toString('hex')}`;
  await onDatabaseServer(serverUrl, `CREATE DATABASE "${name}"`);
  madeDatabases.push(name);
  return { target: { kind: 'postgres', url: urlOf(name) }, uploadsDir };
}

async function openTarget(target: RestoreTarget): Promise<DatabaseHandle> {
  const handle = await openDatabase(target.kind === 'pglite' ? { dataDir: target.dataDir } : { url: target.url });
  opened.push(handle);
  return handle;
}
async function closeTarget(handle: DatabaseHandle) {
  opened.splice(opened.indexOf(handle), 1);
  await handle.close();
}

/** A lot's title in a target database (opened and closed again). */
async function titleOf(target: RestoreTarget, lotId: number): Promise<string | undefined> {
  const handle = await openTarget(target);
  try {
    return (await handle.db.select({ title: lots.title }).from(lots).where(eq(lots.id, lotId)))[0]?.title;
  } finally {
    await closeTarget(handle);
  }
}

/** What a failed restore could leave beside its target: staged directories, or databases it made on the server. */
async function leftOver(target: RestoreTarget): Promise<string[]> {
  if (target.kind === 'pglite')
    return readdirSync(path.dirname(target.dataDir)).filter((name) => /restoring|before-restore/.test(name));
  const name = new URL(target.url).pathname.slice(1);
  const handle = await openTarget(target);
  try {
    return (
      (await handle.db.execute(
        sql`select datname from pg_database where datname like ${`${name}\\_%`}`,
      )) as unknown as { rows: { datname: string }[] }
    ).rows.map((row) => row.datname);
  } finally {
    await closeTarget(handle);
  }
}

/** Every file under a directory with its bytes, by relative path. */
function filesUnder(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  if (!existsSync(dir)) return files;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const full = path.join(entry.parentPath, entry.name);
      files.set(path.relative(dir, full), readFileSync(full));
    }
  return files;
}

/** What the comparison looks at: every member, lot, deal, ledger transfer and posting, and stored photo. */
async function contentsOf(db: DatabaseHandle['db']) {
  return {
    users: await db.select({ id: users.id, email: users.email }).from(users).orderBy(asc(users.id)),
    lots: await db.select({ id: lots.id, title: lots.title, userId: lots.userId }).from(lots).orderBy(asc(lots.id)),
    offers: await db.select({ id: offers.id, status: offers.status }).from(offers).orderBy(asc(offers.id)),
    transfers: await db.select({ id: walletTransfers.id }).from(walletTransfers).orderBy(asc(walletTransfers.id)),
    postings: await db
      .select({ id: walletPostings.id, account: walletPostings.accountId, amount: walletPostings.amount })
      .from(walletPostings)
      .orderBy(asc(walletPostings.id)),
    photos: await db
      .select({ lotId: lotPhotos.lotId, key: lotPhotos.storageKey })
      .from(lotPhotos)
      .orderBy(asc(lotPhotos.id)),
  };
}

let manifest: BackupManifest;
let before: Awaited<ReturnType<typeof contentsOf>>;
let member: { email: string; id: number };
let photoLotId: number;
let dealId: number;

const SEED_TIMEOUT = 300_000;

beforeAll(async () => {
  const handle = database.handle();
  // The demo data set: its members, lots, deals, ledger and photos.
  await loadDemoData(handle.db);

  // A member made through the API's services, a lot of theirs with an uploaded photo…
  const seller = await memberWithTier(handle, 'silver');
  member = { email: seller.email, id: await userId(handle, seller.email) };
  const photo = new FormData();
  photo.append(
    'photo',
    new File(
      [
        new Uint8Array(
          await sharp({ create: { width: 800, height: 600, channels: 3, background: '#6a4' } })
            .jpeg()
            .toBuffer(),
        ),
      ],
      'field.jpg',
    ),
  );
  const up = await postAs(seller.auth, '/board-list/upload-photo', photo);
  if (up.status !== 200) throw new Error(`photo refused: ${up.text}`);
  const lot = await postAs(
    seller.auth,
    '/board-list/create-quote',
    wrapped('BoardList', { ...(await maizeLot()), photos: [up.json.key] }),
  );
  if (lot.status !== 200) throw new Error(`lot refused: ${lot.text}`);
  photoLotId = lot.json.id;

  // …and a wallet-paid deal on it, approved: money topped up and frozen, so the ledger has postings of its own.
  const buyer = await signedUpUser();
  await topUp(handle, await userId(handle, buyer.email), 3_500_000);
  const offer = await makeOffer(buyer.auth, {
    order_id: photoLotId,
    order_type: 'board_list',
    price: 3500,
    volume: 10,
    payment_type: 2,
  });
  if (offer.status !== 200) throw new Error(`offer refused: ${offer.text}`);
  dealId = offer.json.id;
  const approved = await act(seller.auth, 'approve-offer', dealId);
  if (approved.status !== 200) throw new Error(`approval refused: ${approved.text}`);

  before = await contentsOf(handle.db);
  let url: string | undefined;
  if (handle.kind === 'postgres') {
    const [{ name }] = (
      (await handle.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows;
    url = urlOf(name);
  }
  manifest = await backUp({ handle, url, uploadsDir: uploads, dir: backupDir });
}, SEED_TIMEOUT);

describe('backup and restore', () => {
  it('backs up a populated database and its files, with a manifest of what it holds', () => {
    expect(manifest.database.kind).toBe(database.handle().kind);
    expect(existsSync(path.join(backupDir, manifest.database.file))).toBe(true);
    expect(manifest.migrations.applied).toBeGreaterThan(0);
    expect(manifest.migrations.last).toMatch(/^\d{4}_/);
    expect(manifest.rows.users).toBe(before.users.length);
    expect(manifest.rows.lots).toBe(before.lots.length);
    expect(manifest.rows.offers).toBe(before.offers.length);
    expect(manifest.rows.wallet_postings).toBe(before.postings.length);
    // This file's top-up and the deal's freeze: two balanced transfers of two postings each, at least.
    expect(before.transfers.length).toBeGreaterThanOrEqual(2);
    expect(before.postings.length).toBeGreaterThanOrEqual(4);
    expect(before.photos.some((photo) => photo.lotId === photoLotId)).toBe(true);
    const files = filesUnder(uploads);
    expect(files.size).toBeGreaterThan(3);
    expect(manifest.uploads).toEqual({
      files: files.size,
      bytes: [...files.values()].reduce((sum, bytes) => sum + bytes.length, 0),
    });
    expect(readFileSync(path.join(backupDir, BACKUP_FILES.uploadSums), 'utf8').trim().split('\n')).toHaveLength(
      files.size,
    );
    // No partial directory is left beside it.
    expect(readdirSync(scratch).filter((name) => name.startsWith('backup.'))).toEqual([]);
  });

  it('never writes over another backup', async () => {
    const manifestText = readFileSync(path.join(backupDir, BACKUP_FILES.manifest), 'utf8');
    await expect(
      backUp({ handle: database.handle(), url: undefined, uploadsDir: uploads, dir: backupDir }),
    ).rejects.toThrow(/is not empty: back up into a new directory/);
    expect(readFileSync(path.join(backupDir, BACKUP_FILES.manifest), 'utf8')).toBe(manifestText);
  });

  it(
    'restores into an empty database: every member, lot, deal, posting and file, and the ledger checks',
    async () => {
      const { target, uploadsDir } = await emptyTarget('restored');
      const report = await restoreBackup({ dir: backupDir, target, uploadsDir });
      expect(report.keptAside).toEqual([]);
      expect(report.restored.rows).toEqual(manifest.rows);

      const restored = await openTarget(target);
      const after = await contentsOf(restored.db);
      expect(after).toEqual(before);
      expect(after.users.map((u) => u.email)).toContain(member.email);
      expect(after.lots.map((l) => l.id)).toContain(photoLotId);
      expect(after.offers.map((o) => o.id)).toContain(dealId);
      expect(await checkLedger(restored.db)).toEqual({ ok: true, problems: [] });
      await closeTarget(restored);

      const original = filesUnder(uploads);
      const copies = filesUnder(uploadsDir);
      expect([...copies.keys()].sort()).toEqual([...original.keys()].sort());
      for (const [key, bytes] of original) expect(copies.get(key)?.equals(bytes), key).toBe(true);
      // Every stored photo of the database is among the files.
      const keys = [...copies.keys()];
      for (const photo of after.photos)
        expect(
          keys.some((key) => key.startsWith(photo.key)),
          photo.key,
        ).toBe(true);
      // Nothing staged is left behind.
      expect(readdirSync(path.dirname(uploadsDir)).filter((name) => name.includes('.restoring-'))).toEqual([]);
    },
    SEED_TIMEOUT,
  );

  it(
    'refuses a target database or uploads directory that is not empty, and replaces them with --force',
    async () => {
      const { target, uploadsDir } = await emptyTarget('busy');
      await restoreBackup({ dir: backupDir, target, uploadsDir });
      // The database now holds the restore; the uploads directory is empty again.
      rmSync(uploadsDir, { recursive: true, force: true });
      await expect(restoreBackup({ dir: backupDir, target, uploadsDir })).rejects.toThrow(
        /already holds a database|not empty/,
      );
      expect(existsSync(uploadsDir)).toBe(false);
      // Files in the uploads directory are refused too, before anything is written.
      const { target: untouched, uploadsDir: stray } = await emptyTarget('untouched');
      mkdirSync(stray, { recursive: true });
      writeFileSync(path.join(stray, 'stray.txt'), 'not from the backup');
      await expect(restoreBackup({ dir: backupDir, target: untouched, uploadsDir: stray })).rejects.toThrow(
        /restore refuses to replace files/,
      );
      expect(readdirSync(stray)).toEqual(['stray.txt']);
      if (untouched.kind === 'pglite') expect(existsSync(path.dirname(untouched.dataDir))).toBe(false);

      // --force replaces the database (and keeps the embedded one aside).
      const handle = await openTarget(target);
      await handle.db.update(lots).set({ title: 'Changed after the backup' }).where(eq(lots.id, photoLotId));
      await closeTarget(handle);
      // A restore that fails (here its counts differ from the manifest's) replaces nothing, even with --force.
      const manifestFile = path.join(backupDir, BACKUP_FILES.manifest);
      const original = readFileSync(manifestFile, 'utf8');
      writeFileSync(
        manifestFile,
        JSON.stringify({ ...manifest, rows: { ...manifest.rows, lots: manifest.rows.lots + 1 } }),
      );
      try {
        await expect(restoreBackup({ dir: backupDir, target, uploadsDir, force: true })).rejects.toThrow(
          /differs from the backup, nothing was replaced/,
        );
      } finally {
        writeFileSync(manifestFile, original);
      }
      expect(await titleOf(target, photoLotId)).toBe('Changed after the backup');
      expect(await leftOver(target)).toEqual([]);
      // Nor does one whose files cannot be put in place (here the uploads directory is a file): the database swap
      // is undone.
      const blocked = path.join(scratch, 'blocked-uploads');
      writeFileSync(blocked, 'not a directory');
      await expect(restoreBackup({ dir: backupDir, target, uploadsDir: blocked, force: true })).rejects.toThrow(
        /the database (\S+ )?was put back as it was/,
      );
      expect(await titleOf(target, photoLotId)).toBe('Changed after the backup');
      expect(await leftOver(target)).toEqual([]);
      expect(readFileSync(blocked, 'utf8')).toBe('not a directory');

      const report = await restoreBackup({ dir: backupDir, target, uploadsDir, force: true });
      expect(report.restored.rows).toEqual(manifest.rows);
      if (target.kind === 'pglite')
        expect(report.keptAside.some((aside) => aside.includes('.before-restore-'))).toBe(true);
      else {
        // The replaced database is kept under another name, with the change made after the backup.
        expect(report.keptDatabase).toMatch(/_before_restore_\d{14}$/);
        madeDatabases.push(report.keptDatabase!);
        expect(await titleOf({ kind: 'postgres', url: urlOf(report.keptDatabase!) }, photoLotId)).toBe(
          'Changed after the backup',
        );
      }
      const again = await openTarget(target);
      expect(await contentsOf(again.db)).toEqual(before);
      expect(await checkLedger(again.db)).toEqual({ ok: true, problems: [] });
      await closeTarget(again);
    },
    SEED_TIMEOUT,
  );

  it('refuses a backup without a manifest, with a damaged or unknown-version one, or with a damaged database file', async () => {
    const manifestFile = path.join(backupDir, BACKUP_FILES.manifest);
    const original = readFileSync(manifestFile, 'utf8');
    const attempt = async (text: string | undefined, expected: RegExp) => {
      if (text === undefined) rmSync(manifestFile);
      else writeFileSync(manifestFile, text);
      const { target, uploadsDir } = await emptyTarget('refused');
      try {
        await expect(restoreBackup({ dir: backupDir, target, uploadsDir })).rejects.toThrow(expected);
        // Nothing was written: no database, no files, nothing staged.
        expect(existsSync(uploadsDir)).toBe(false);
        if (target.kind === 'pglite') expect(existsSync(path.dirname(target.dataDir))).toBe(false);
        else {
          const handle = await openTarget(target);
          const [{ n }] = (
            (await handle.db.execute(
              sql`select count(*)::int as n from pg_tables where schemaname = 'public'`,
            )) as unknown as { rows: { n: number }[] }
          ).rows;
          expect(n).toBe(0);
          await closeTarget(handle);
        }
      } finally {
        writeFileSync(manifestFile, original);
      }
    };
    const parsed = JSON.parse(original);
    await attempt(undefined, /holds no manifest\.json/);
    await attempt(original.slice(0, original.length / 2), /not valid JSON/);
    await attempt(JSON.stringify({ ...parsed, format: 99 }), /format 99; this version of Mavuno restores format 1/);
    await attempt(JSON.stringify({ ...parsed, rows: 'many' }), /is damaged: rows/);
    await attempt(
      JSON.stringify({ ...parsed, database: { ...parsed.database, sha256: '0'.repeat(64) } }),
      /database file .* is damaged/,
    );
    await attempt(
      JSON.stringify({ ...parsed, migrations: { applied: 10_000, last: '9999_future' } }),
      /made by a newer version of Mavuno/,
    );
  });
});

describe('a restore whose counts are not the manifest’s', () => {
  it('names the table that differs and leaves the database and files as they were', async () => {
    const manifestFile = path.join(backupDir, BACKUP_FILES.manifest);
    const original = readFileSync(manifestFile, 'utf8');
    const parsed = JSON.parse(original) as BackupManifest;
    writeFileSync(manifestFile, JSON.stringify({ ...parsed, rows: { ...parsed.rows, users: parsed.rows.users + 1 } }));
    try {
      const { target, uploadsDir } = await emptyTarget('counted');
      await expect(restoreBackup({ dir: backupDir, target, uploadsDir })).rejects.toThrow(
        new RegExp(`users: backup ${parsed.rows.users + 1}, restored ${parsed.rows.users}`),
      );
      expect(existsSync(uploadsDir)).toBe(false);
      if (target.kind === 'pglite') {
        expect(existsSync(target.dataDir)).toBe(false);
        expect(readdirSync(path.dirname(target.dataDir))).toEqual([]);
      } else {
        // The empty database it restored into is empty again.
        const handle = await openTarget(target);
        const [{ n }] = (
          (await handle.db.execute(
            sql`select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`,
          )) as unknown as { rows: { n: number }[] }
        ).rows;
        expect(n).toBe(0);
        await closeTarget(handle);
      }
    } finally {
      writeFileSync(manifestFile, original);
    }
  });
});

describe('the embedded database is opened by one process at a time', () => {
  let sleeper: ChildProcess | undefined;
  afterAll(() => sleeper?.kill('SIGKILL'));

  it('refuses to open a data directory another live process holds, and says to stop the site first', async () => {
    const dataDir = path.join(scratch, 'running', 'pglite');
    // Another process holds the lock as the running site would (its pid in DATA_DIR/pglite.pid).
    sleeper = spawn('sleep', ['60'], { stdio: 'ignore' });
    const pid = sleeper.pid!;
    mkdirSync(path.dirname(dataDir), { recursive: true });
    writeFileSync(
      lockFileOf(dataDir),
      JSON.stringify({ pid, host: hostname(), command: 'scripts/start.mjs', since: new Date().toISOString() }),
    );
    // What `npm run admin -- backup DIR` does first: open the database.
    await expect(openDatabase({ dataDir })).rejects.toThrow(
      new RegExp(`in use by pid ${pid} \\(scripts/start\\.mjs, .*stop the site first`),
    );
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(false);
    // The restore refuses too, before it reads anything of the target.
    if (!serverUrl)
      await expect(
        restoreBackup({ dir: backupDir, target: { kind: 'pglite', dataDir }, uploadsDir: path.join(scratch, 'x') }),
      ).rejects.toBeInstanceOf(DataDirLockedError);

    // Once that process is gone, its lock is stale and taken over.
    const exited = new Promise((resolve) => sleeper!.once('exit', resolve));
    sleeper.kill('SIGKILL');
    await exited;
    const release = lockDataDir(dataDir);
    expect(JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8')).pid).toBe(process.pid);
    // The same process cannot open it twice either.
    expect(() => lockDataDir(dataDir)).toThrow(/already open in this process/);
    release();
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  });

  it('npm run admin: a command refused by the lock prints only why and exits 1; move-uploads-to-s3 runs while the site holds the database', async () => {
    const dataRoot = path.join(scratch, 'admin-held');
    mkdirSync(dataRoot, { recursive: true });
    const release = lockDataDir(path.join(dataRoot, 'pglite'));
    try {
      const admin = (...args: string[]) =>
        promisify(execFile)(path.resolve('node_modules/.bin/tsx'), ['scripts/admin.ts', ...args], {
          env: { ...process.env, DATA_DIR: dataRoot, DATABASE_URL: '', S3_BUCKET: '', LOG_LEVEL: 'silent' },
        }).then(
          (done) => ({ code: 0, stdout: done.stdout, stderr: done.stderr }),
          (error: { code: number; stdout: string; stderr: string }) => error,
        );
      const [listJobs, move] = await Promise.all([admin('list-jobs'), admin('move-uploads-to-s3')]);
      expect(listJobs.code).toBe(1);
      expect(listJobs.stderr.trim()).toMatch(
        new RegExp(`^list-jobs failed: The embedded database .* is in use by pid ${process.pid} .*stop the site first`),
      );
      // The message only: no stack trace after it.
      expect(listJobs.stderr).not.toMatch(/^\s+at /m);
      // Not refused by the lock: it got as far as its own configuration.
      expect(move.code).toBe(1);
      expect(move.stderr).toMatch(/move-uploads-to-s3 failed: it needs S3_BUCKET/);
      expect(move.stderr).not.toMatch(/in use by pid/);
    } finally {
      release();
    }
  }, 120_000);
});
