import { asc, isNull } from 'drizzle-orm';
import type { Locale } from '~/i18n/config';
import { foldText } from '~/features/warehouses/fold';
import { memoize } from '~/server/cache/memo';
import type { Executor } from '~/server/db';
import { regionNameOf } from '~/server/db/localized';
import { countries, regions, systemWarehouses, villages } from '~/server/db/schema';
import { type Geocoder, type Place, type PlaceType, type ReversePlace, distanceKm } from './geocoder';

/** Bigger units first among places that match equally well. */
const UNIT_ORDER: Record<PlaceType, number> = { country: 0, region: 1, village: 2, warehouse: 3, external: 4 };

/** Shortest text searched: one letter would match half the gazetteer. */
export const MIN_SEARCH_LENGTH = 2;

/**
 * How long the gazetteer is kept in memory. Countries, regions and villages are reference data; a public
 * warehouse an administrator adds, edits or retires (`npm run admin`, another process) is found, moved or gone
 * within this time, as on the warehouse pages.
 */
export const GAZETTEER_TTL_MS = 60_000;

type Names = Record<Locale, string>;

interface Entry {
  type: Exclude<PlaceType, 'external'>;
  id: number;
  /** The name as shown; a country's in each language. */
  name: Names;
  /** Folded names compared with the text: a country's and a region's three (one per language); one for the rest. */
  folded: string[];
  country: { id: number; code: string; name: Names } | null;
  region: { id: number; name: Names } | null;
  villageId: number | null;
  latitude: number | null;
  longitude: number | null;
}

interface Index {
  entries: Entry[];
  /** Villages with a point, for reverse search. */
  villages: Entry[];
}

const same = (name: string): Names => ({ en: name, sw: name, fr: name });
const LOCALES: Locale[] = ['en', 'sw', 'fr'];

/** Each Executor (a test's database, the app's pool) gets its own index. */
const indexIds = new WeakMap<object, number>();
let nextIndexId = 0;

/**
 * Every place of the gazetteer, folded once: about 1,500 names, a few hundred kilobytes. Searching them in memory
 * answers in well under a millisecond where four LIKE scans per keystroke took tens (docs/warehouses.md "Bench").
 */
function loadIndex(db: Executor): Promise<Index> {
  let id = indexIds.get(db);
  if (id === undefined) {
    id = ++nextIndexId;
    indexIds.set(db, id);
  }
  return memoize(`gazetteer:${id}`, GAZETTEER_TTL_MS, async () => {
    const [countryRows, regionRows, villageRows, warehouseRows] = await Promise.all([
      db
        .select({
          id: countries.id,
          code: countries.code,
          en: countries.nameEn,
          sw: countries.nameSw,
          fr: countries.nameFr,
        })
        .from(countries)
        .orderBy(asc(countries.id)),
      db
        .select({
          id: regions.id,
          name: regions.name,
          nameSw: regions.nameSw,
          nameFr: regions.nameFr,
          countryId: regions.countryId,
          latitude: regions.latitude,
          longitude: regions.longitude,
        })
        .from(regions)
        .orderBy(asc(regions.id)),
      db
        .select({
          id: villages.id,
          name: villages.name,
          regionId: villages.regionId,
          latitude: villages.latitude,
          longitude: villages.longitude,
        })
        .from(villages)
        .orderBy(asc(villages.id)),
      db
        .select({
          id: systemWarehouses.id,
          title: systemWarehouses.title,
          countryId: systemWarehouses.countryId,
          regionId: systemWarehouses.regionId,
          villageId: systemWarehouses.villageId,
          latitude: systemWarehouses.latitude,
          longitude: systemWarehouses.longitude,
        })
        .from(systemWarehouses)
        .where(isNull(systemWarehouses.retiredAt))
        .orderBy(asc(systemWarehouses.id)),
    ]);

    const countryOf = new Map(
      countryRows.map((c) => [
        c.id,
        { id: c.id, code: c.code, name: { en: c.en, sw: c.sw ?? c.en, fr: c.fr ?? c.en } },
      ]),
    );
    // A region is named in each language (its translation, else its official name), and found by each name.
    const regionNames = (r: (typeof regionRows)[number]): Names => ({
      en: regionNameOf(r, 'en'),
      sw: regionNameOf(r, 'sw'),
      fr: regionNameOf(r, 'fr'),
    });
    const regionOf = new Map(regionRows.map((r) => [r.id, { ...r, names: regionNames(r) }]));
    // A country's point: the mean of its regions' points.
    const sums = new Map<number, { lat: number; lng: number; n: number }>();
    for (const r of regionRows) {
      if (r.latitude === null || r.longitude === null) continue;
      const sum = sums.get(r.countryId) ?? { lat: 0, lng: 0, n: 0 };
      sum.lat += r.latitude;
      sum.lng += r.longitude;
      sum.n += 1;
      sums.set(r.countryId, sum);
    }

    const entries: Entry[] = [];
    for (const country of countryOf.values()) {
      const sum = sums.get(country.id);
      entries.push({
        type: 'country',
        id: country.id,
        name: country.name,
        folded: LOCALES.map((locale) => foldText(country.name[locale])),
        country,
        region: null,
        villageId: null,
        latitude: sum ? sum.lat / sum.n : null,
        longitude: sum ? sum.lng / sum.n : null,
      });
    }
    for (const r of regionOf.values())
      entries.push({
        type: 'region',
        id: r.id,
        name: r.names,
        folded: LOCALES.map((locale) => foldText(r.names[locale])),
        country: countryOf.get(r.countryId) ?? null,
        region: { id: r.id, name: r.names },
        villageId: null,
        latitude: r.latitude,
        longitude: r.longitude,
      });
    const villageEntries: Entry[] = [];
    for (const v of villageRows) {
      const region = regionOf.get(v.regionId);
      const entry: Entry = {
        type: 'village',
        id: v.id,
        name: same(v.name),
        folded: [foldText(v.name)],
        country: region ? (countryOf.get(region.countryId) ?? null) : null,
        region: region ? { id: region.id, name: region.names } : null,
        villageId: v.id,
        latitude: v.latitude,
        longitude: v.longitude,
      };
      entries.push(entry);
      if (v.latitude !== null && v.longitude !== null) villageEntries.push(entry);
    }
    for (const w of warehouseRows) {
      const region = w.regionId === null ? undefined : regionOf.get(w.regionId);
      entries.push({
        type: 'warehouse',
        id: w.id,
        name: same(w.title),
        folded: [foldText(w.title)],
        country: countryOf.get(w.countryId) ?? null,
        region: region ? { id: region.id, name: region.names } : null,
        villageId: w.villageId,
        latitude: w.latitude,
        longitude: w.longitude,
      });
    }
    return { entries, villages: villageEntries };
  });
}

/**
 * How well a folded name matches the folded text: 0 the whole name, 1 its start, 2 the start of a later word,
 * 3 anywhere inside; undefined when it does not contain it.
 */
function matchRank(folded: string, text: string): number | undefined {
  if (folded === text) return 0;
  if (folded.startsWith(text)) return 1;
  if (folded.includes(` ${text}`) || folded.includes(`-${text}`)) return 2;
  return folded.includes(text) ? 3 : undefined;
}

/**
 * An entry's rank for the text. A country or region matched in the caller's language ranks before one matched only
 * in another language (half a step later).
 */
function rankOf(entry: Entry, text: string, locale: Locale): number | undefined {
  if (entry.folded.length === 1) return matchRank(entry.folded[0], text);
  let best: number | undefined;
  entry.folded.forEach((folded, i) => {
    const rank = matchRank(folded, text);
    if (rank === undefined) return;
    const ranked = LOCALES[i] === locale ? rank : rank + 0.5;
    if (best === undefined || ranked < best) best = ranked;
  });
  return best;
}

function toPlace(entry: Entry, locale: Locale): Place {
  const name = entry.name[locale];
  const countryName = entry.country?.name[locale];
  const label =
    entry.type === 'country'
      ? name
      : [name, entry.type === 'region' ? undefined : entry.region?.name[locale], countryName]
          .filter(Boolean)
          .join(', ');
  return {
    type: entry.type,
    id: entry.id,
    name,
    label,
    country_id: entry.country?.id ?? null,
    country_code: entry.country?.code ?? null,
    region_id: entry.region?.id ?? null,
    village_id: entry.villageId,
    latitude: entry.latitude,
    longitude: entry.longitude,
  };
}

const byName = new Intl.Collator('en', { sensitivity: 'base' });

/**
 * The default geocoder: Mavuno's own gazetteer — countries (named in the three languages), regions, villages and
 * live public warehouses — compared without case or accents (features/warehouses/fold.ts), so it needs no outside
 * service. The places are read once and searched in memory (GAZETTEER_TTL_MS).
 */
export function createGazetteerGeocoder(db: Executor): Geocoder {
  return {
    async search(text, locale, limit) {
      const q = foldText(text);
      if (q.length < MIN_SEARCH_LENGTH || limit < 1) return [];
      const { entries } = await loadIndex(db);
      const found: { entry: Entry; rank: number }[] = [];
      for (const entry of entries) {
        const rank = rankOf(entry, q, locale);
        if (rank !== undefined) found.push({ entry, rank });
      }
      found.sort(
        (a, b) =>
          a.rank - b.rank ||
          UNIT_ORDER[a.entry.type] - UNIT_ORDER[b.entry.type] ||
          byName.compare(a.entry.name[locale], b.entry.name[locale]) ||
          a.entry.id - b.entry.id,
      );
      return found.slice(0, limit).map(({ entry }) => toPlace(entry, locale));
    },

    async reverse(latitude, longitude, locale): Promise<ReversePlace | null> {
      // Nearest by an equirectangular distance (good at village scale), then measured on the sphere.
      const cos = Math.cos((latitude * Math.PI) / 180);
      let nearest: Entry | undefined;
      let best = Number.POSITIVE_INFINITY;
      for (const village of (await loadIndex(db)).villages) {
        const d =
          ((village.latitude as number) - latitude) ** 2 + (((village.longitude as number) - longitude) * cos) ** 2;
        if (d < best) {
          best = d;
          nearest = village;
        }
      }
      if (!nearest) return null;
      const vLat = nearest.latitude as number;
      const vLng = nearest.longitude as number;
      return {
        village: { id: nearest.id, name: nearest.name[locale], latitude: vLat, longitude: vLng },
        region: nearest.region ? { id: nearest.region.id, name: nearest.region.name[locale] } : null,
        country: nearest.country
          ? { id: nearest.country.id, code: nearest.country.code, name: nearest.country.name[locale] }
          : null,
        distance_km: Math.round(distanceKm(latitude, longitude, vLat, vLng) * 10) / 10,
      };
    },
  };
}
