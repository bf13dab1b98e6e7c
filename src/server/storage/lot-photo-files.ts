import { LOT_PHOTO_WIDTHS } from '~/features/lots/constants';
import { getStorage } from '~/server/storage';
import { encodeWebp } from '~/server/storage/uploads';

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
  const encoded = await encodeWebp(bytes, [...LOT_PHOTO_WIDTHS], 'photo', { quality: 78, ...options });
  for (const [target, { data }] of encoded) await getStorage().put(`${key}-${target}.webp`, data);
  const { width, height } = encoded.get(Math.max(...LOT_PHOTO_WIDTHS))!;
  return { width, height };
}
