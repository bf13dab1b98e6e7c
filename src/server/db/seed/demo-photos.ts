import { LOT_PHOTO_WIDTHS } from '~/features/lots/constants';
import { getStorage } from '~/server/storage';
import { storeDrawnLotPhotoFiles } from '~/server/storage/lot-photo-files';
import { DEMO_PICTURES, type DemoPicture, PICTURE_HEIGHT, PICTURE_WIDTH } from './demo-pictures';

/** Raise when a drawing changes, so data directories that hold the old files store the new ones. */
const DRAWINGS_VERSION = 1;
/** Stored at twice their drawn size, so the widest stored photo (1600 px) is sharp. */
const SCALE = 2;

export interface DemoPhoto {
  storageKey: string;
  width: number;
  height: number;
}

/** The photo a demo lot showing this drawing has: the key the lots showing it share, and its largest size. */
export function demoPhotoOf(picture: DemoPicture): DemoPhoto {
  return {
    storageKey: `lots/demo/v${DRAWINGS_VERSION}/${picture}`,
    width: PICTURE_WIDTH * SCALE,
    height: PICTURE_HEIGHT * SCALE,
  };
}

/**
 * The demo lots' photos: each drawing (src/server/db/seed/demo-pictures.ts) rasterised with sharp and stored once
 * as the WebP files of a lot photo (src/server/storage/lot-photo-files.ts), under the key of demoPhotoOf that the
 * lots showing it share. Uploads accept only raster images, so the SVG is never stored or served. A data directory
 * that already holds a drawing's files (the demo data loaded again) keeps them, so only a first start pays for
 * rasterising — and that work runs on sharp's threads while the seed fills the database (seedDemoData).
 */
export async function storeDemoPhotos(pictures: Iterable<DemoPicture>): Promise<void> {
  await Promise.all(
    [...new Set(pictures)].map(async (picture) => {
      const { storageKey } = demoPhotoOf(picture);
      const stored = await getStorage().get(`${storageKey}-${Math.max(...LOT_PHOTO_WIDTHS)}.webp`);
      if (stored) {
        await stored.body.cancel();
        return;
      }
      // Low effort: flat drawings compress well anyway, and the first start stays quick.
      await storeDrawnLotPhotoFiles(storageKey, DEMO_PICTURES[picture], PICTURE_WIDTH, { effort: 1 });
    }),
  );
}
