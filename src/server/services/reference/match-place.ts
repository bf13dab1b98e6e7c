import { eq } from 'drizzle-orm';
import { foldText } from '~/features/warehouses/fold';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { regions } from '~/server/db/schema';
import { createGazetteerGeocoder } from '~/server/geo/gazetteer';

/** A place a typed name was taken for, and the region whose prices stand for it. */
export interface MatchedPlace {
  type: 'region' | 'village' | 'warehouse';
  id: number;
  /** The place's name in the caller's language. */
  name: string;
  regionId: number;
}

/** Candidates read from the gazetteer before the first usable one is chosen. */
const CANDIDATES = 20;

/**
 * The place a typed name means (an SMS `PRICE MAIZE NAKURU`, a USSD search): a region, village or public warehouse
 * of Mavuno's own gazetteer (src/server/geo/gazetteer.ts — never the configured outside geocoder: an SMS answer
 * must not wait on a web service), compared without case or accents and by every name a region has
 * (`name`, `name_sw`, `name_fr`). Taken in the gazetteer's order (the whole name first, bigger places first),
 * skipping countries (prices are read per region) and places without a region. The name, or one of its words, must
 * start with the text, in any of its names — a match inside a word ("ur" in Nakuru) is not a place. Null when
 * nothing fits.
 */
export async function matchPlace(db: Executor, text: string, locale: Locale): Promise<MatchedPlace | null> {
  const q = foldText(text);
  if (q.length < 2) return null;
  const startsWith = (name: string) => {
    const folded = foldText(name);
    return folded.startsWith(q) || folded.includes(` ${q}`) || folded.includes(`-${q}`);
  };
  const found = await createGazetteerGeocoder(db).search(q, locale, CANDIDATES);
  for (const place of found) {
    if (place.type === 'country' || place.type === 'external' || place.id === null || place.region_id === null)
      continue;
    if (!startsWith(place.name)) {
      // A region may have been found by a name of another language: its other names are checked the same way.
      if (place.type !== 'region') continue;
      const [row] = await db
        .select({ name: regions.name, sw: regions.nameSw, fr: regions.nameFr })
        .from(regions)
        .where(eq(regions.id, place.id));
      if (!row || ![row.name, row.sw, row.fr].some((name) => name !== null && startsWith(name))) continue;
    }
    return { type: place.type, id: place.id, name: place.name, regionId: place.region_id };
  }
  return null;
}
