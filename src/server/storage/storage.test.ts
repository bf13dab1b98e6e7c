import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage, isPublicStorageKey, isSafeStorageKey } from '.';

const root = mkdtempSync(path.join(tmpdir(), 'mavuno-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('local file storage', () => {
  it('stores, reads and deletes a file by key', async () => {
    const storage = createLocalStorage(root);
    await storage.put('avatars/ab/photo.webp', new Uint8Array([1, 2, 3]));
    const file = await storage.get('avatars/ab/photo.webp');
    expect(file?.size).toBe(3);
    expect(new Uint8Array(await new Response(file!.body).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    await storage.delete('avatars/ab/photo.webp');
    expect(await storage.get('avatars/ab/photo.webp')).toBeUndefined();
  });

  it('refuses keys that could escape the storage folder', async () => {
    for (const key of ['../etc/passwd', 'a/../../b', '/abs/path', 'a//b', '.hidden', 'a/./b', 'a\\b']) {
      expect(isSafeStorageKey(key)).toBe(false);
    }
    const storage = createLocalStorage(root);
    expect(await storage.get('../outside.txt')).toBeUndefined();
    await expect(storage.put('../outside.txt', new Uint8Array([1]))).rejects.toThrow(/Unsafe/);
  });
});

describe('public and private files', () => {
  it('serves photos publicly and never documents', () => {
    expect(isPublicStorageKey('avatars/12/ab34-512.webp')).toBe(true);
    expect(isPublicStorageKey('documents/12/ab34.pdf')).toBe(false);
    expect(isPublicStorageKey('avatars/../documents/12/ab34.pdf')).toBe(false);
    expect(isPublicStorageKey('avatarsx/1.webp')).toBe(false);
  });
});
