import sharp from 'sharp';
import { LOT_PHOTO_WIDTHS } from '~/features/lots/constants';
import { getStorage } from '~/server/storage';
import { encodeWebp } from '~/server/storage/uploads';

/** The WebP quality of every stored lot photo's files. */
const LOT_PHOTO_QUALITY = 78;

/**
 * Stores an image as a lot photo's files under `key` (`<key>-<width>.webp` for each of LOT_PHOTO_WIDTHS, re-encoded
 * without metadata) and answers the photo's size, the largest stored one's (a small image is never enlarged).
 * Uploads (src/server/services/lots/lot-photos.ts) and the demo lots' drawings (src/server/db/seed/demo-photos.ts)
 * are stored the same way, so a demo photo is served, cached and deleted like any other.
 */
export async function storeLotPhotoFiles(
  key: string,
  bytes: Uint8Array,
  options: { effort?: number } = {},
): Promise<{ width: number; height: number }> {
  const encoded = await encodeWebp(bytes, [...LOT_PHOTO_WIDTHS], 'photo', { quality: LOT_PHOTO_QUALITY, ...options });
  for (const [target, { data }] of encoded) await putFile(key, target, data);
  const { width, height } = encoded.get(Math.max(...LOT_PHOTO_WIDTHS))!;
  return { width, height };
}

/**
 * Stores a drawing the server made itself (an SVG of `drawnWidth` pixels wide, never a member's file) as a lot
 * photo's files, the same files as storeLotPhotoFiles writes: rasterised straight at each width rather than once
 * large and then scaled, which is sharper and takes about 40 % less time (the demo seed draws dozens on a first
 * start). Answers the largest file's size.
 */
export async function storeDrawnLotPhotoFiles(
  key: string,
  svg: string,
  drawnWidth: number,
  options: { effort?: number } = {},
): Promise<{ width: number; height: number }> {
  const files = await Promise.all(
    LOT_PHOTO_WIDTHS.map((width) =>
      sharp(Buffer.from(svg), { density: (72 * width) / drawnWidth })
        .webp({ quality: LOT_PHOTO_QUALITY, effort: options.effort })
        .toBuffer({ resolveWithObject: true }),
    ),
  );
  for (const [index, { data }] of files.entries()) await putFile(key, LOT_PHOTO_WIDTHS[index], data);
  const { width, height } = files.reduce((largest, file) =>
    file.info.width > largest.info.width ? file : largest,
  ).info;
  return { width, height };
}

const putFile = (key: string, width: number, data: Uint8Array) => getStorage().put(`${key}-${width}.webp`, data);
