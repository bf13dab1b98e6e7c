import { type SQL, and, asc, eq, or, sql } from 'drizzle-orm';
import { foldText } from '~/features/warehouses/fold';
import type { Executor } from '~/server/db';
import { localizedColumn } from '~/server/db/localized';
import { countries, regions, systemWarehouses, villages } from '~/server/db/schema';
import { containsPattern, foldSql, isLive } from '~/server/services/warehouses/public-warehouse-fields';
import { type Geocoder, type Place, type PlaceType, type ReversePlace, distanceKm } from './geocoder';

/** Bigger units first among places that match equally well. */
const UNIT_ORDER: Record<PlaceType, number> = { country: 0, region: 1, village: 2, warehouse: 3, external: 4 };

/** Shortest text searched: one letter would match half the gazetteer. */
export const MIN_SEARCH_LENGTH = 2;

/**
 * How well a folded name matches the folded text: 0 the whole name, 1 its start, 2 the start of a later word,
 * 3 anywhere inside.
 */
function matchRank(folded: SQL, text: string): SQL<number> {
  const escaped = text.replace(/[%_\\]/g, '\\$&');
  return sql<number>`case when ${folded} = ${text} then 0 when ${folded} like ${`${escaped}%`} then 1
    when ${folded} like ${`% ${escaped}%`} or ${folded} like ${`%-${escaped}%`} then 2 else 3 end`.mapWith(Number);
}

const byName = new Intl.Collator('en', { sensitivity: 'base' });

/**
 * The default geocoder: Mavuno's own gazetteer — countries (named in the three languages), regions, villages and
 * live public warehouses — compared without case or accents (features/warehouses/fold.ts), so it needs no outside
 * service and answers alike on PGlite and PostgreSQL.
 */
export function createGazetteerGeocoder(db: Executor): Geocoder {
  return {
    async search(text, locale, limit) {
      const q = foldText(text);
      if (q.length < MIN_SEARCH_LENGTH || limit < 1) return [];
      const pattern = containsPattern(q);
      const countryName = localizedColumn(countries, 'name', locale);
      const countryNames = [countries.nameEn, countries.nameSw, countries.nameFr].map((c) => foldSql(c));
      const regionName = foldSql(regions.name);
      const villageName = foldSql(villages.name);
      const warehouseName = foldSql(systemWarehouses.title);

      // A country matched in the caller's language ranks before one matched only in another language.
      const localName = foldSql(countryName);
      const countryRank = sql<number>`least(${sql.join(
        [sql`${matchRank(localName, q)}`, ...countryNames.map((n) => sql`${matchRank(n, q)} + 0.5`)],
        sql`, `,
      )})`.mapWith(Number);
      const [countryRows, regionRows, villageRows, warehouseRows] = await Promise.all([
        db
          .select({
            id: countries.id,
            code: countries.code,
            name: countryName,
            rank: countryRank,
            latitude: sql<
              number | null
            >`(select avg(r.latitude) from regions r where r.country_id = ${countries.id})`.mapWith(Number),
            longitude: sql<
              number | null
            >`(select avg(r.longitude) from regions r where r.country_id = ${countries.id})`.mapWith(Number),
          })
          .from(countries)
          .where(or(...countryNames.map((n) => sql`${n} like ${pattern}`)))
          .orderBy(countryRank, asc(countryName))
          .limit(limit),
        db
          .select({
            id: regions.id,
            name: regions.name,
            rank: matchRank(regionName, q),
            countryId: countries.id,
            code: countries.code,
            country: countryName,
            latitude: regions.latitude,
            longitude: regions.longitude,
          })
          .from(regions)
          .innerJoin(countries, eq(countries.id, regions.countryId))
          .where(sql`${regionName} like ${pattern}`)
          .orderBy(matchRank(regionName, q), asc(regions.name))
          .limit(limit),
        db
          .select({
            id: villages.id,
            name: villages.name,
            rank: matchRank(villageName, q),
            regionId: regions.id,
            region: regions.name,
            countryId: countries.id,
            code: countries.code,
            country: countryName,
            latitude: villages.latitude,
            longitude: villages.longitude,
          })
          .from(villages)
          .innerJoin(regions, eq(regions.id, villages.regionId))
          .innerJoin(countries, eq(countries.id, regions.countryId))
          .where(sql`${villageName} like ${pattern}`)
          .orderBy(matchRank(villageName, q), asc(villages.name))
          .limit(limit),
        db
          .select({
            id: systemWarehouses.id,
            name: systemWarehouses.title,
            rank: matchRank(warehouseName, q),
            villageId: systemWarehouses.villageId,
            regionId: systemWarehouses.regionId,
            region: regions.name,
            countryId: countries.id,
            code: countries.code,
            country: countryName,
            latitude: systemWarehouses.latitude,
            longitude: systemWarehouses.longitude,
          })
          .from(systemWarehouses)
          .innerJoin(countries, eq(countries.id, systemWarehouses.countryId))
          .leftJoin(regions, eq(regions.id, systemWarehouses.regionId))
          .where(and(isLive, sql`${warehouseName} like ${pattern}`))
          .orderBy(matchRank(warehouseName, q), asc(systemWarehouses.title))
          .limit(limit),
      ]);

      const found: (Place & { rank: number })[] = [
        ...countryRows.map((r) => ({
          type: 'country' as const,
          id: r.id,
          name: r.name,
          label: r.name,
          country_id: r.id,
          country_code: r.code,
          region_id: null,
          village_id: null,
          latitude: r.latitude,
          longitude: r.longitude,
          rank: r.rank,
        })),
        ...regionRows.map((r) => ({
          type: 'region' as const,
          id: r.id,
          name: r.name,
          label: `${r.name}, ${r.country}`,
          country_id: r.countryId,
          country_code: r.code,
          region_id: r.id,
          village_id: null,
          latitude: r.latitude,
          longitude: r.longitude,
          rank: r.rank,
        })),
        ...villageRows.map((r) => ({
          type: 'village' as const,
          id: r.id,
          name: r.name,
          label: `${r.name}, ${r.region}, ${r.country}`,
          country_id: r.countryId,
          country_code: r.code,
          region_id: r.regionId,
          village_id: r.id,
          latitude: r.latitude,
          longitude: r.longitude,
          rank: r.rank,
        })),
        ...warehouseRows.map((r) => ({
          type: 'warehouse' as const,
          id: r.id,
          name: r.name,
          label: [r.name, r.region, r.country].filter(Boolean).join(', '),
          country_id: r.countryId,
          country_code: r.code,
          region_id: r.regionId,
          village_id: r.villageId,
          latitude: r.latitude,
          longitude: r.longitude,
          rank: r.rank,
        })),
      ];
      found.sort(
        (a, b) => a.rank - b.rank || UNIT_ORDER[a.type] - UNIT_ORDER[b.type] || byName.compare(a.name, b.name),
      );
      return found.slice(0, limit).map(({ rank: _rank, ...place }) => place);
    },

    async reverse(latitude, longitude, locale): Promise<ReversePlace | null> {
      // Nearest by an equirectangular distance (good at village scale), then measured on the sphere.
      const cos = Math.cos((latitude * Math.PI) / 180);
      const [row] = await db
        .select({
          id: villages.id,
          name: villages.name,
          latitude: villages.latitude,
          longitude: villages.longitude,
          regionId: regions.id,
          region: regions.name,
          countryId: countries.id,
          code: countries.code,
          country: localizedColumn(countries, 'name', locale),
        })
        .from(villages)
        .innerJoin(regions, eq(regions.id, villages.regionId))
        .innerJoin(countries, eq(countries.id, regions.countryId))
        .where(sql`${villages.latitude} is not null and ${villages.longitude} is not null`)
        .orderBy(
          sql`power(${villages.latitude} - ${latitude}, 2) + power((${villages.longitude} - ${longitude}) * ${cos}, 2)`,
          asc(villages.id),
        )
        .limit(1);
      if (!row) return null;
      return {
        village: { id: row.id, name: row.name, latitude: row.latitude, longitude: row.longitude },
        region: { id: row.regionId, name: row.region },
        country: { id: row.countryId, code: row.code, name: row.country },
        distance_km:
          row.latitude === null || row.longitude === null
            ? null
            : Math.round(distanceKm(latitude, longitude, row.latitude, row.longitude) * 10) / 10,
      };
    },
  };
}
