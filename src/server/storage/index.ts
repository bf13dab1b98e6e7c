import { createReadStream } from 'node:fs';
import { constants } from 'node:fs';
import { access, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { getEnv } from '~/server/env';
import { isSafeStorageKey } from './keys';
import { createS3Storage, s3OptionsOf } from './s3';

// The key rules (src/server/storage/keys.ts) are shared by both stores; the app imports them from here.
export { contentTypeOf, isSafeStorageKey } from './keys';

/** Where uploaded files live: DATA_DIR/uploads by default, an S3-compatible bucket with S3_BUCKET (src/server/storage/s3.ts). */
export interface FileStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The file as a web stream with its size, or undefined when there is no such file. */
  get(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | undefined>;
  delete(key: string): Promise<void>;
  /** Throws when the store cannot be reached (the readiness check, /readyz). */
  ping(): Promise<void>;
}

export function createLocalStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    if (!isSafeStorageKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
    },
    async get(key) {
      if (!isSafeStorageKey(key)) return undefined;
      const file = resolve(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return undefined;
        return { body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, size: info.size };
      } catch {
        return undefined;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async ping() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
  };
}

let storage: FileStorage | undefined;
/** The bucket when S3_BUCKET is set (src/server/storage/s3.ts), else DATA_DIR/uploads. */
export function getStorage(): FileStorage {
  if (!storage) {
    const env = getEnv();
    storage = env.S3_BUCKET
      ? createS3Storage(s3OptionsOf(env))
      : createLocalStorage(path.resolve(env.DATA_DIR, 'uploads'));
  }
  return storage;
}
/** Tests point storage at a temporary directory. */
export function installStorage(next: FileStorage | undefined): void {
  storage = next;
}

/** Folders whose files anyone may fetch under /uploads; everything else (documents) is served by access-checked endpoints. */
export const PUBLIC_STORAGE_FOLDERS = ['avatars', 'lots', 'logos', 'articles'];
export function isPublicStorageKey(key: string): boolean {
  return isSafeStorageKey(key) && PUBLIC_STORAGE_FOLDERS.includes(key.split('/')[0]);
}

/** The public address of a stored file. */
export function storageUrl(key: string): string {
  return `/uploads/${key}`;
}
