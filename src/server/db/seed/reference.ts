import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '~/server/db/client';
import {
  categories,
  countries,
  currencies,
  documentTypes,
  exchangeRates,
  perUnits,
  regions,
  villages,
} from '~/server/db/schema';
import type { CategoryKind } from '~/server/db/schema';
import { BOARD_CATEGORIES, FERTILIZER_CATEGORIES, SEED_CATEGORIES, TECHNIC_CATEGORIES } from './reference/categories';
import { COUNTRY_CODES } from './reference/country-codes';
import { DOCUMENT_TYPES } from './reference/document-types';
import { CURRENCIES, RATES_AS_OF } from './reference/currencies';
import { REGIONS } from './reference/regions';
import type { CategorySeed } from './reference/types';
import { UNITS } from './reference/units';
import { seedPublicWarehouses } from './warehouses';
import { seedContentPages } from '~/server/services/content/seed-content-pages';

const CATEGORY_TREES: Record<CategoryKind, CategorySeed[]> = {
  board: BOARD_CATEGORIES,
  seed: SEED_CATEGORIES,
  fertilizer: FERTILIZER_CATEGORIES,
  technic: TECHNIC_CATEGORIES,
};

/**
 * Where CLDR's name drops letters of a country's own name: Côte d'Ivoire asks to be called so in every language,
 * and CLDR's Swahili writes "Cote d’Ivoire".
 */
const CLDR_CORRECTIONS: Record<string, Partial<Record<'sw' | 'fr' | 'en', string>>> = {
  CI: { sw: 'Côte d’Ivoire' },
};

/** A country's names in the three languages: CLDR's (Intl.DisplayNames), with the corrections above. */
export function countryNames(code: string) {
  const name = (locale: 'en' | 'sw' | 'fr') =>
    CLDR_CORRECTIONS[code]?.[locale] ?? new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  return { nameEn: name('en'), nameSw: name('sw'), nameFr: name('fr') };
}

/**
 * Bumped whenever the names above or the regions' translations change: a database seeded before gets them at the
 * next start (`refreshReferenceNames`, from `ensureSeeded`), without reloading anything else.
 */
export const REFERENCE_NAMES_VERSION = '2026-12-02';

/** Writes the countries' names and the regions' translations of the code into an existing database. */
export async function refreshReferenceNames(db: Executor): Promise<void> {
  for (const row of await db.select({ id: countries.id, code: countries.code }).from(countries))
    await db.update(countries).set(countryNames(row.code.trim())).where(eq(countries.id, row.id));
  const countryIds = new Map(
    (await db.select({ id: countries.id, code: countries.code }).from(countries)).map((row) => [row.code, row.id]),
  );
  for (const [code, regionSeeds] of Object.entries(REGIONS)) {
    const countryId = countryIds.get(code);
    if (countryId === undefined) continue;
    for (const region of regionSeeds)
      await db
        .update(regions)
        .set({ nameSw: region.names?.sw ?? null, nameFr: region.names?.fr ?? null })
        .where(and(eq(regions.countryId, countryId), eq(regions.name, region.name)));
  }
}

function flattenCategories(kind: CategoryKind, nodes: CategorySeed[], parentId: number | null = null) {
  return nodes.flatMap((node, index): (typeof categories.$inferInsert)[] => [
    {
      kind,
      id: node.id,
      parentId,
      slug: node.slug,
      nameEn: node.name.en,
      nameSw: node.name.sw,
      nameFr: node.name.fr,
      sortOrder: index,
    },
    ...flattenCategories(kind, node.children ?? [], node.id),
  ]);
}

/**
 * Loads the reference data every capability relies on: countries, regions, villages, currencies with rates,
 * category trees, units and the public warehouses (demo data, seed/warehouses.ts). Idempotent: rows that exist
 * are updated in place, so running it again after a data fix corrects names without breaking references.
 */
export async function seedReferenceData(db: Executor): Promise<void> {
  await db
    .insert(countries)
    .values(COUNTRY_CODES.map((code) => ({ code, ...countryNames(code) })))
    .onConflictDoUpdate({
      target: countries.code,
      set: { nameEn: sql`excluded.name_en`, nameSw: sql`excluded.name_sw`, nameFr: sql`excluded.name_fr` },
    });
  const countryIds = new Map(
    (await db.select({ id: countries.id, code: countries.code }).from(countries)).map((row) => [row.code, row.id]),
  );

  for (const [code, regionSeeds] of Object.entries(REGIONS)) {
    const countryId = countryIds.get(code);
    if (!countryId) throw new Error(`Reference data: unknown country ${code}`);
    const inserted = await db
      .insert(regions)
      .values(
        regionSeeds.map((r) => ({
          countryId,
          name: r.name,
          nameSw: r.names?.sw ?? null,
          nameFr: r.names?.fr ?? null,
          latitude: r.lat,
          longitude: r.lng,
        })),
      )
      .onConflictDoUpdate({
        target: [regions.countryId, regions.name],
        set: {
          nameSw: sql`excluded.name_sw`,
          nameFr: sql`excluded.name_fr`,
          latitude: sql`excluded.latitude`,
          longitude: sql`excluded.longitude`,
        },
      })
      .returning({ id: regions.id, name: regions.name });
    const regionIds = new Map(inserted.map((row) => [row.name, row.id]));
    const villageRows = regionSeeds.flatMap((r) =>
      r.villages.map((v) => ({ regionId: regionIds.get(r.name)!, name: v.name, latitude: v.lat, longitude: v.lng })),
    );
    if (villageRows.length > 0) {
      await db
        .insert(villages)
        .values(villageRows)
        .onConflictDoUpdate({
          target: [villages.regionId, villages.name],
          set: { latitude: sql`excluded.latitude`, longitude: sql`excluded.longitude` },
        });
    }
  }

  await db
    .insert(currencies)
    .values(CURRENCIES.map(({ perUsd: _rate, ...currency }) => currency))
    .onConflictDoUpdate({
      target: currencies.id,
      set: {
        code: sql`excluded.code`,
        symbol: sql`excluded.symbol`,
        decimals: sql`excluded.decimals`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
  await db
    .insert(exchangeRates)
    .values(CURRENCIES.map((c) => ({ currencyId: c.id, perUsd: c.perUsd, asOf: RATES_AS_OF })))
    .onConflictDoUpdate({
      target: [exchangeRates.currencyId, exchangeRates.asOf],
      set: { perUsd: sql`excluded.per_usd` },
    });

  const categoryRows = Object.entries(CATEGORY_TREES).flatMap(([kind, tree]) =>
    flattenCategories(kind as CategoryKind, tree),
  );
  await db
    .insert(categories)
    .values(categoryRows)
    .onConflictDoUpdate({
      target: [categories.kind, categories.id],
      set: {
        parentId: sql`excluded.parent_id`,
        slug: sql`excluded.slug`,
        nameEn: sql`excluded.name_en`,
        nameSw: sql`excluded.name_sw`,
        nameFr: sql`excluded.name_fr`,
        sortOrder: sql`excluded.sort_order`,
      },
    });

  await db
    .insert(perUnits)
    .values(
      UNITS.map((u, index) => ({
        id: u.id,
        code: u.code,
        nameEn: u.name.en,
        nameSw: u.name.sw,
        nameFr: u.name.fr,
        shortEn: u.short.en,
        shortSw: u.short.sw,
        shortFr: u.short.fr,
        forBoard: u.forBoard,
        forSeed: u.forSeed,
        forFertilizer: u.forFertilizer,
        forMachinery: u.forMachinery,
        kgPerUnit: u.kgPerUnit === undefined ? null : String(u.kgPerUnit),
        sortOrder: index,
      })),
    )
    .onConflictDoUpdate({
      target: perUnits.id,
      set: {
        code: sql`excluded.code`,
        nameEn: sql`excluded.name_en`,
        nameSw: sql`excluded.name_sw`,
        nameFr: sql`excluded.name_fr`,
        shortEn: sql`excluded.short_en`,
        shortSw: sql`excluded.short_sw`,
        shortFr: sql`excluded.short_fr`,
        forBoard: sql`excluded.for_board`,
        forSeed: sql`excluded.for_seed`,
        forFertilizer: sql`excluded.for_fertilizer`,
        forMachinery: sql`excluded.for_machinery`,
        kgPerUnit: sql`excluded.kg_per_unit`,
        sortOrder: sql`excluded.sort_order`,
      },
    });

  await db
    .insert(documentTypes)
    .values(
      DOCUMENT_TYPES.map((d) => ({
        id: d.id,
        typeCategoryId: d.typeCategoryId,
        nameEn: d.name.en,
        nameSw: d.name.sw,
        nameFr: d.name.fr,
      })),
    )
    .onConflictDoUpdate({
      target: documentTypes.id,
      set: {
        typeCategoryId: sql`excluded.type_category_id`,
        nameEn: sql`excluded.name_en`,
        nameSw: sql`excluded.name_sw`,
        nameFr: sql`excluded.name_fr`,
      },
    });

  await seedPublicWarehouses(db);
  // The site's pages (FAQ, terms, privacy) as their first revision, unless editors already have them.
  await seedContentPages(db);
}
