import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { FinancePurpose } from '~/features/financing/constants';
import { pickText } from '~/features/financing/schemas';
import type { Locale } from '~/i18n/config';
import { formatMoney } from '~/i18n/format';
import type { Executor } from '~/server/db';
import { localizedColumn } from '~/server/db/localized';
import { countries, currencies, financeProducts, financeProviders } from '~/server/db/schema';

/** A product as the pages and the API show it, in one language (docs/financing.md "Products"). */
export interface FinanceProductView {
  id: number;
  provider: { id: number; name: string; website: string | null; is_demo: boolean };
  name: string;
  description: string;
  purpose: FinancePurpose;
  /** The range in the currency's major units, and as the reader's language writes it. */
  amount_min: number;
  amount_max: number;
  amount_range: string;
  currency: { id: number; code: string; decimals: number };
  rate: string;
  term: string;
  eligibility: string;
  countries: { id: number; name: string }[];
  documents: { key: string; label: string }[];
  is_active: boolean;
  is_demo: boolean;
}

/** Products matching `where`, shaped for `locale`, demo ones last and then in the order they were added. */
export async function selectFinanceProducts(
  db: Executor,
  locale: Locale,
  where: SQL | undefined,
): Promise<FinanceProductView[]> {
  const rows = await db
    .select({
      product: financeProducts,
      provider: {
        id: financeProviders.id,
        name: financeProviders.name,
        website: financeProviders.website,
        isDemo: financeProviders.isDemo,
      },
      currency: { id: currencies.id, code: currencies.code, decimals: currencies.decimals },
    })
    .from(financeProducts)
    .innerJoin(financeProviders, eq(financeProviders.id, financeProducts.providerId))
    .innerJoin(currencies, eq(currencies.id, financeProducts.currencyId))
    .where(where)
    .orderBy(financeProducts.isDemo, financeProducts.id);
  const countryIds = [...new Set(rows.flatMap((row) => row.product.countryIds))];
  const countryNames = new Map(
    countryIds.length === 0
      ? []
      : (
          await db
            .select({ id: countries.id, name: localizedColumn(countries, 'name', locale) })
            .from(countries)
            .where(inArray(countries.id, countryIds))
        ).map((row) => [row.id, row.name]),
  );
  return rows.map(({ product, provider, currency: rawCurrency }) => {
    const currency = { id: rawCurrency.id, code: rawCurrency.code.trim(), decimals: Number(rawCurrency.decimals) };
    const scale = 10 ** currency.decimals;
    return {
      id: product.id,
      provider: { id: provider.id, name: provider.name, website: provider.website, is_demo: provider.isDemo },
      name: pickText(product.name, locale),
      description: pickText(product.description, locale),
      purpose: product.purpose,
      amount_min: product.amountMinMinor / scale,
      amount_max: product.amountMaxMinor / scale,
      amount_range: `${formatMoney(product.amountMinMinor, currency, locale)} – ${formatMoney(product.amountMaxMinor, currency, locale)}`,
      currency,
      rate: pickText(product.rateText, locale),
      term: pickText(product.termText, locale),
      eligibility: pickText(product.eligibility, locale),
      countries: product.countryIds
        .map((id) => ({ id, name: countryNames.get(id) ?? '' }))
        .filter((country) => country.name !== ''),
      documents: product.documents.map((doc) => ({ key: doc.key, label: pickText(doc.label, locale) })),
      is_active: product.isActive,
      is_demo: product.isDemo || provider.isDemo,
    };
  });
}

export const activeProduct = (id: number) => and(eq(financeProducts.id, id), eq(financeProducts.isActive, true));
