import { eq, inArray } from 'drizzle-orm';
import { isEditor, type Role } from '~/features/accounts/constants';
import type { LocalizedText } from '~/features/financing/constants';
import { type FinanceProductFormInput, parseDocumentLines } from '~/features/financing/schemas';
import { priceDecimalsProblem } from '~/features/numbers/money';
import type { Executor } from '~/server/db';
import { countries, currencies, financeProducts, financeProviders } from '~/server/db/schema';
import { AppError } from '~/server/errors';

const invalid = (field: string, key: string, vars?: Record<string, string | number>) =>
  new AppError('validation_failed', 'errors.validation_failed', { fields: { [field]: [{ key: key as never, vars }] } });

const texts = (input: FinanceProductFormInput, prefix: 'name' | 'description' | 'rate' | 'term' | 'eligibility') => {
  const en = input[`${prefix}_en`];
  if (!en) return undefined;
  const text: LocalizedText = { en };
  const sw = input[`${prefix}_sw`];
  const fr = input[`${prefix}_fr`];
  if (sw) text.sw = sw;
  if (fr) text.fr = fr;
  return text;
};

/** Editors (and administrators) only: anyone else is refused with 403. */
export function assertEditor(user: { role: Role }): void {
  if (!isEditor(user)) throw new AppError('forbidden', 'errors.forbidden');
}

/**
 * Creates a product (no `id`) or changes one (docs/financing.md "Managing products"): editors only. The provider
 * and currency must exist, the range must read in the currency and run low to high, every country code must be
 * known and the documents must read as `key | English | Swahili | French` lines. Answers the product's id.
 */
export async function saveFinanceProduct(
  db: Executor,
  user: { role: Role },
  input: FinanceProductFormInput,
  id?: number,
): Promise<{ id: number }> {
  assertEditor(user);
  const [provider] = await db
    .select({ id: financeProviders.id, isDemo: financeProviders.isDemo })
    .from(financeProviders)
    .where(eq(financeProviders.id, input.provider_id));
  if (!provider) throw invalid('provider_id', 'validation.invalid_option');
  const [currency] = await db.select().from(currencies).where(eq(currencies.id, input.currency_id));
  if (!currency) throw invalid('currency_id', 'validation.invalid_option');
  const money = { code: currency.code.trim(), decimals: Number(currency.decimals) };
  for (const field of ['amount_min', 'amount_max'] as const) {
    const problem = priceDecimalsProblem(input[field], money);
    if (problem) throw invalid(field, problem.key, problem.vars as never);
  }
  if (input.amount_max < input.amount_min) throw invalid('amount_max', 'financing.amount_max_below_min');
  const codes = [
    ...new Set(
      input.countries
        .toUpperCase()
        .split(/[\s,;]+/)
        .filter(Boolean),
    ),
  ];
  const known = codes.length
    ? await db.select({ id: countries.id, code: countries.code }).from(countries).where(inArray(countries.code, codes))
    : [];
  if (codes.length === 0 || known.length !== codes.length) throw invalid('countries', 'financing.countries_invalid');
  const documents = parseDocumentLines(input.documents);
  if (!documents) throw invalid('documents', 'financing.documents_invalid');
  const scale = 10 ** money.decimals;
  const values = {
    providerId: provider.id,
    name: texts(input, 'name')!,
    description: texts(input, 'description') ?? null,
    purpose: input.purpose,
    amountMinMinor: Math.round(input.amount_min * scale),
    amountMaxMinor: Math.round(input.amount_max * scale),
    currencyId: currency.id,
    rateText: texts(input, 'rate')!,
    termText: texts(input, 'term')!,
    eligibility: texts(input, 'eligibility')!,
    countryIds: codes.map((code) => known.find((row) => row.code === code)!.id),
    documents,
    isDemo: provider.isDemo,
    updatedAt: new Date(),
  };
  if (id === undefined) {
    const [row] = await db.insert(financeProducts).values(values).returning({ id: financeProducts.id });
    return { id: row.id };
  }
  const [row] = await db
    .update(financeProducts)
    .set(values)
    .where(eq(financeProducts.id, id))
    .returning({ id: financeProducts.id });
  if (!row) throw new AppError('not_found', 'financing.product_not_found');
  return { id: row.id };
}
