import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { regionNameOf } from '~/server/db/localized';
import { categories, countries, currencies, perUnits, regions, villages } from '~/server/db/schema';

type Names = Record<Locale, string>;

/**
 * The names a lot answer shows for its reference ids (category, unit, currency, country, region, village), in
 * every language, as maps by id, retired ones included (lots keep them). Reference data is written by seeding and
 * the back office, which forgets this memo on each change (forgetReferenceNames); an id it does not know yet
 * (data written by another process after the load) makes the next caller load it again.
 */
export interface ReferenceNames {
  /** Keyed `${kind}:${id}`: category ids are unique per kind. */
  categories: Map<string, Names>;
  units: Map<number, Names>;
  currencies: Map<number, { code: string; decimals: number }>;
  countries: Map<number, Names>;
  /** A region's name in each language (its translation, else its official name). */
  regions: Map<number, Names>;
  villages: Map<number, string>;
}

const TTL = 10 * 60_000;
let memo: { expires: number; value: Promise<ReferenceNames> } | undefined;

const names = (row: { en: string; sw: string; fr: string }): Names => ({ en: row.en, sw: row.sw, fr: row.fr });

async function load(db: Executor): Promise<ReferenceNames> {
  const [categoryRows, unitRows, currencyRows, countryRows, regionRows, villageRows] = await Promise.all([
    db
      .select({
        kind: categories.kind,
        id: categories.id,
        en: categories.nameEn,
        sw: categories.nameSw,
        fr: categories.nameFr,
      })
      .from(categories),
    db.select({ id: perUnits.id, en: perUnits.shortEn, sw: perUnits.shortSw, fr: perUnits.shortFr }).from(perUnits),
    db.select({ id: currencies.id, code: currencies.code, decimals: currencies.decimals }).from(currencies),
    db.select({ id: countries.id, en: countries.nameEn, sw: countries.nameSw, fr: countries.nameFr }).from(countries),
    db.select({ id: regions.id, name: regions.name, nameSw: regions.nameSw, nameFr: regions.nameFr }).from(regions),
    db.select({ id: villages.id, name: villages.name }).from(villages),
  ]);
  return {
    categories: new Map(categoryRows.map((row) => [`${row.kind}:${row.id}`, names(row)])),
    units: new Map(unitRows.map((row) => [row.id, names(row)])),
    currencies: new Map(currencyRows.map((row) => [row.id, { code: row.code.trim(), decimals: row.decimals }])),
    countries: new Map(countryRows.map((row) => [row.id, names(row)])),
    regions: new Map(
      regionRows.map((row) => [
        row.id,
        { en: regionNameOf(row, 'en'), sw: regionNameOf(row, 'sw'), fr: regionNameOf(row, 'fr') },
      ]),
    ),
    villages: new Map(villageRows.map((row) => [row.id, row.name])),
  };
}

/** What a set of lots refers to, so loadReferenceNames can tell whether its memo knows them all. */
export interface ReferenceIds {
  kind: string;
  categoryId: number;
  perUnitId: number;
  currencyId: number;
  countryId: number;
  regionId: number | null;
  villageId: number | null;
}

function knowsAll(list: ReferenceNames, refs: readonly ReferenceIds[]): boolean {
  return refs.every(
    (ref) =>
      list.categories.has(`${ref.kind}:${ref.categoryId}`) &&
      list.units.has(ref.perUnitId) &&
      list.currencies.has(ref.currencyId) &&
      list.countries.has(ref.countryId) &&
      (ref.regionId === null || list.regions.has(ref.regionId)) &&
      (ref.villageId === null || list.villages.has(ref.villageId)),
  );
}

function remember(db: Executor): Promise<ReferenceNames> {
  const value = load(db);
  memo = { expires: Date.now() + TTL, value };
  // A failed load is not remembered: the next caller tries again.
  value.catch(() => {
    if (memo?.value === value) memo = undefined;
  });
  return value;
}

/**
 * The reference names, memoised per process for a few minutes (concurrent callers share one load); loaded afresh
 * when the memo lacks an id that `refs` use.
 */
export async function loadReferenceNames(db: Executor, refs: readonly ReferenceIds[] = []): Promise<ReferenceNames> {
  const current = memo && memo.expires > Date.now() ? memo.value : remember(db);
  const list = await current;
  if (knowsAll(list, refs)) return list;
  // Another caller may have started the reload already.
  return memo && memo.value !== current ? memo.value : remember(db);
}

/** Forgets the memoised names: the back office calls it after changing reference data (docs/backoffice.md). */
export function forgetReferenceNames(): void {
  memo = undefined;
}
