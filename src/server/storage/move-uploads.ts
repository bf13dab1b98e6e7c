import { opendir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { isSafeStorageKey } from './keys';
import type { S3FileStorage } from './s3';

export interface MoveUploadsReport {
  copied: number;
  /** Objects already in the bucket at the local file's size: copied by an earlier run. */
  alreadyThere: number;
  failed: { key: string; error: string }[];
  /** Local files deleted (only with removeLocal, each after its object was found at its size). */
  removed: number;
  /** Files whose names are not storage keys (the app never wrote them): left where they are. */
  skipped: string[];
}

/** Files copied at the same time: enough to keep a remote bucket busy, few enough for a small machine. */
const PARALLEL_COPIES = 4;

async function* filesUnder(root: string, folder = ''): AsyncGenerator<string> {
  let entries: Awaited<ReturnType<typeof opendir>>;
  try {
    entries = await opendir(path.join(root, folder));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && folder === '') return;
    throw error;
  }
  for await (const entry of entries) {
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* filesUnder(root, relative);
    else if (entry.isFile()) yield relative;
  }
}

/**
 * Copies the uploads under `root` (DATA_DIR/uploads) into the bucket under the same keys. A file whose object is
 * there at its size is left alone, so a second run copies nothing and an interrupted run continues where it
 * stopped. Local files are deleted only with `removeLocal`, and only once the bucket answers with the object at the
 * file's size (PutObject itself is checked by the SDK's checksum). `onFile` hears each file's outcome.
 */
export async function moveUploadsToBucket(
  root: string,
  bucket: S3FileStorage,
  options: {
    removeLocal?: boolean;
    onFile?: (key: string, outcome: 'copied' | 'already there' | 'failed') => void;
  } = {},
): Promise<MoveUploadsReport> {
  const report: MoveUploadsReport = { copied: 0, alreadyThere: 0, failed: [], removed: 0, skipped: [] };
  const files = filesUnder(root);

  const moveOne = async (key: string) => {
    const file = path.join(root, key);
    try {
      const { size } = await stat(file);
      let outcome: 'copied' | 'already there' = 'already there';
      if ((await bucket.sizeOf(key)) !== size) {
        await bucket.put(key, await readFile(file));
        if ((await bucket.sizeOf(key)) !== size) throw new Error('the stored object does not have the file’s size');
        outcome = 'copied';
      }
      if (outcome === 'copied') report.copied++;
      else report.alreadyThere++;
      options.onFile?.(key, outcome);
      if (options.removeLocal) {
        await rm(file);
        report.removed++;
      }
    } catch (error) {
      report.failed.push({ key, error: error instanceof Error ? error.message : String(error) });
      options.onFile?.(key, 'failed');
    }
  };

  // A few workers draw from one walk of the tree, so a million files are never listed in memory at once.
  const worker = async () => {
    for (;;) {
      const next = await files.next();
      if (next.done) return;
      if (isSafeStorageKey(next.value)) await moveOne(next.value);
      else report.skipped.push(next.value);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_COPIES }, worker));
  return report;
}
