import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { AppError } from '~/server/errors';

/** What a stored upload is, decided from its bytes, never from its name or the client's content type. */
export type DetectedType = { kind: 'image'; format: 'jpeg' | 'png' | 'webp' | 'gif' | 'heif' } | { kind: 'pdf' };

export async function detectUpload(bytes: Uint8Array): Promise<DetectedType | undefined> {
  if (bytes.length >= 5 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-') return { kind: 'pdf' };
  try {
    const { format } = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (format === 'jpeg' || format === 'png' || format === 'webp' || format === 'gif' || format === 'heif')
      return { kind: 'image', format };
  } catch {
    /* not an image sharp can read */
  }
  return undefined;
}

/** Reads an uploaded file, refusing a missing one, an empty one or one over `maxBytes`. */
export async function readUpload(
  file: unknown,
  maxBytes: number,
  field = 'file',
): Promise<{ bytes: Uint8Array; name: string }> {
  if (!(file instanceof File) || file.size === 0)
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { [field]: [{ key: 'validation.required' }] },
    });
  if (file.size > maxBytes) {
    throw new AppError('validation_failed', 'uploads.too_large', {
      vars: { mb: Math.round(maxBytes / 1024 / 1024) },
      fields: { [field]: [{ key: 'uploads.too_large', vars: { mb: Math.round(maxBytes / 1024 / 1024) } }] },
    });
  }
  return { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name.slice(0, 200) || 'file' };
}

export const invalidFileType = (field = 'file') =>
  new AppError('validation_failed', 'uploads.invalid_type', { fields: { [field]: [{ key: 'uploads.invalid_type' }] } });

/** One stored size of an image: its WebP bytes and the size it came out at. */
export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Re-encodes an image to WebP at each width (never enlarged), turned upright by its EXIF orientation, with all
 * metadata (location, camera) dropped: the stored file is ours, not the uploaded one. The image keeps its aspect
 * ratio, at most `width` wide, unless `square` crops it to a centred square (avatars) of at most width × width.
 */
export async function encodeWebp(
  bytes: Uint8Array,
  widths: number[],
  field = 'file',
  options: { square?: boolean; quality?: number; effort?: number } = {},
): Promise<Map<number, EncodedImage>> {
  const out = new Map<number, EncodedImage>();
  const open = () => sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS });
  try {
    // A square is at most the shorter side: sharp's withoutEnlargement would otherwise leave a small image uncropped.
    const meta = options.square ? await open().metadata() : undefined;
    for (const width of widths) {
      const side = meta ? Math.min(width, meta.width ?? width, meta.height ?? width) : width;
      const { data, info } = await open()
        .rotate()
        .resize(
          meta
            ? { width: side, height: side, fit: 'cover', withoutEnlargement: true }
            : { width, fit: 'inside', withoutEnlargement: true },
        )
        .webp({ quality: options.quality ?? 80, effort: options.effort })
        .toBuffer({ resolveWithObject: true });
      out.set(width, { data, width: info.width, height: info.height });
    }
  } catch (cause) {
    // A truncated upload (common on a dropped mobile connection) or a pixel bomb: the image cannot be used.
    throw new AppError('validation_failed', 'uploads.unreadable', {
      cause,
      fields: { [field]: [{ key: 'uploads.unreadable' }] },
    });
  }
  return out;
}

/** 50 megapixels: any phone photo, not a decompression bomb. */
const MAX_INPUT_PIXELS = 50_000_000;

/** A storage key no one can guess: `avatars/12/9f3c…`. */
export function newStorageKey(folder: string, ownerId: number): string {
  return `${folder}/${ownerId}/${randomBytes(12).toString('hex')}`;
}
