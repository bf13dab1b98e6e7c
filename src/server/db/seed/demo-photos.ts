import sharp from 'sharp';
import { LOT_PHOTO_WIDTHS } from '~/features/lots/constants';
import { getStorage } from '~/server/storage';
import { storeLotPhotoFiles } from '~/server/storage/lot-photo-files';
import { DEMO_PICTURES, type DemoPicture, PICTURE_HEIGHT, PICTURE_WIDTH } from './demo-pictures';

/** Raise when a drawing changes, so data directories that hold the old files store the new ones. */
const DRAWINGS_VERSION = 1;
/** Drawn at twice their size, so the widest stored photo (1600 px) is sharp. */
const SCALE = 2;

export interface DemoPhoto {
  storageKey: string;
  width: number;
  height: number;
}

/**
 * The demo lots' photos: each drawing (src/server/db/seed/demo-pictures.ts) rasterised with sharp and stored once
 * through the lot-photo path uploads take (WebP at every photo width, src/server/storage/lot-photo-files.ts), under
 * a key of its own that the lots showing it share. Uploads accept only raster images, so the SVG is never stored
 * or served. A data directory that already holds a drawing's files (the demo data loaded again) keeps them, so
 * only a first start pays for rasterising.
 */
export async function storeDemoPhotos(pictures: Iterable<DemoPicture>): Promise<Map<DemoPicture, DemoPhoto>> {
  const photos = new Map<DemoPicture, DemoPhoto>();
  await Promise.all(
    [...new Set(pictures)].map(async (picture) => {
      const storageKey = `lots/demo/v${DRAWINGS_VERSION}/${picture}`;
      const stored = await getStorage().get(`${storageKey}-${Math.max(...LOT_PHOTO_WIDTHS)}.webp`);
      if (stored) {
        await stored.body.cancel();
        photos.set(picture, { storageKey, width: PICTURE_WIDTH * SCALE, height: PICTURE_HEIGHT * SCALE });
        return;
      }
      const png = await sharp(Buffer.from(DEMO_PICTURES[picture]), { density: 72 * SCALE })
        .png()
        .toBuffer();
      // Low effort: flat drawings compress well anyway, and the first start stays quick.
      photos.set(picture, { storageKey, ...(await storeLotPhotoFiles(storageKey, png, { effort: 1 })) });
    }),
  );
  return photos;
}
