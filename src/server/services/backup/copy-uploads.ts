import { createHash } from 'node:crypto';
import { createReadStream, type Dirent } from 'node:fs';
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

export interface UploadsCopy {
  files: number;
  bytes: number;
  /** `sha256sum` lines of the copies (hash, two spaces, path under the directory with `/`), sorted by path. */
  sums: string;
}

/** A file's SHA-256 (hex) and size, read in chunks. */
export async function sha256OfFile(file: string): Promise<{ hash: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    hash.update(chunk);
  }
  return { hash: hash.digest('hex'), bytes };
}

/**
 * Copies every file under `from` (the local uploads directory; none when it does not exist) into `to`, and answers
 * the copies' count, size and checksums, read back from `to`: what was written, not what was meant to be.
 */
export async function copyUploads(from: string, to: string): Promise<UploadsCopy> {
  await mkdir(to, { recursive: true });
  let entries: Dirent[] = [];
  try {
    entries = await readdir(from, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const lines: string[] = [];
  let bytes = 0;
  for (const entry of entries) {
    const source = path.join(entry.parentPath, entry.name);
    const relative = path.relative(from, source);
    if (entry.isDirectory()) {
      await mkdir(path.join(to, relative), { recursive: true });
      continue;
    }
    if (!entry.isFile()) throw new Error(`${source} is neither a file nor a directory: uploads hold files only.`);
    const target = path.join(to, relative);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(source, target);
    const sum = await sha256OfFile(target);
    bytes += sum.bytes;
    lines.push(`${sum.hash}  ${relative.split(path.sep).join('/')}`);
  }
  lines.sort((a, b) => (a.slice(66) < b.slice(66) ? -1 : a.slice(66) > b.slice(66) ? 1 : 0));
  return { files: lines.length, bytes, sums: lines.map((line) => `${line}\n`).join('') };
}
