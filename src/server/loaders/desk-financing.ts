import { eq } from 'drizzle-orm';
import { FINANCE_PURPOSES } from '~/features/financing/constants';
import { FINANCE_PURPOSE_LABEL } from '~/features/financing/labels';
import { documentLines, financeProductFormSchema, financeProviderFormSchema } from '~/features/financing/schemas';
import { machineText } from '~/features/numbers/parse';
import { requiredInt } from '~/features/validation/fields';
import { localizePath } from '~/i18n/paths';
import { createTranslator } from '~/i18n/t';
import { parseInput } from '~/server/api/validate';
import { getDb } from '~/server/db';
import { countries, currencies, financeProducts } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { createFinanceProvider } from '~/server/services/financing/create-finance-provider';
import { listDeskFinanceProducts } from '~/server/services/financing/list-desk-finance-products';
import { assertEditor, saveFinanceProduct } from '~/server/services/financing/save-finance-product';
import { setFinanceProductActive } from '~/server/services/financing/set-finance-product-active';
import { listCurrencies } from '~/server/services/reference/list-currencies';
import { z } from 'zod';
import {
  blankForm,
  type FormPageRequest,
  type FormState,
  handleFormPost,
  type PageOutcome,
  PRIVATE_PAGE,
} from './form-post';

/**
 * The editors' desk for financing (docs/financing.md "Managing products"): /desk/financing lists every product
 * with withdraw / offer-again forms and a form adding a provider; /desk/financing/new and /desk/financing/{id}
 * create and change a product. Plain HTML forms posting to their own page; editors and administrators only (the
 * services check the role: anyone else gets 403).
 */
export const DESK_FINANCING_PATH = '/desk/financing';

const DONE = ['saved', 'provider', 'deactivate', 'activate'] as const;
export type DeskDone = (typeof DONE)[number];

export interface DeskFinancingView {
  products: {
    id: number;
    name: string;
    provider: string;
    purpose: string;
    isActive: boolean;
    isDemo: boolean;
  }[];
  providers: { id: number; name: string; email: string; isDemo: boolean }[];
  form: FormState;
  done: DeskDone | undefined;
}

export async function loadDeskFinancingPage(request: FormPageRequest): Promise<PageOutcome<DeskFinancingView>> {
  const user = request.user!;
  const { locale } = request;
  const t = createTranslator(locale);
  const db = await getDb();
  const action = localizePath(DESK_FINANCING_PATH, locale);
  const view = async (form: FormState): Promise<DeskFinancingView> => {
    const { products, providers } = await listDeskFinanceProducts(db, user);
    const doneParam = request.url.searchParams.get('done');
    return {
      products: products.map(({ product, provider }) => ({
        id: product.id,
        name: product.name.en,
        provider,
        purpose: t(FINANCE_PURPOSE_LABEL[product.purpose]),
        isActive: product.isActive,
        isDemo: product.isDemo,
      })),
      providers: providers.map((p) => ({ id: p.id, name: p.name, email: p.contactEmail, isDemo: p.isDemo })),
      form,
      done: (DONE as readonly string[]).includes(doneParam ?? '') ? (doneParam as DeskDone) : undefined,
    };
  };
  if (request.request.method !== 'POST')
    return { view: await view(blankForm(request, action)), status: 200, headers: PRIVATE_PAGE };
  return handleFormPost(request, {
    action,
    shownFields: ['name', 'contact_email', 'website', 'locale'],
    run: async (fields) => {
      if (fields.action === 'add_provider') {
        await createFinanceProvider(db, user, parseInput(financeProviderFormSchema, fields));
        return `${action}?done=provider`;
      }
      if (fields.action === 'deactivate' || fields.action === 'activate') {
        const { id } = parseInput(z.object({ id: requiredInt() }), fields);
        await setFinanceProductActive(db, user, id, fields.action === 'activate');
        return `${action}?done=${fields.action}`;
      }
      throw new AppError('bad_request', 'errors.bad_request');
    },
    view: (form) => view(form),
  });
}

export const PRODUCT_FIELDS = [
  'provider_id',
  'name_en',
  'name_sw',
  'name_fr',
  'description_en',
  'description_sw',
  'description_fr',
  'purpose',
  'currency_id',
  'amount_min',
  'amount_max',
  'rate_en',
  'rate_sw',
  'rate_fr',
  'term_en',
  'term_sw',
  'term_fr',
  'eligibility_en',
  'eligibility_sw',
  'eligibility_fr',
  'countries',
  'documents',
] as const;

export interface DeskProductView {
  id: number | undefined;
  providers: { value: string; name: string }[];
  currencies: { value: string; name: string }[];
  purposes: { value: string; name: string }[];
  form: FormState;
}

/** /desk/financing/new and /desk/financing/{id}: the product form; a post saves and goes back to the list. */
export async function loadDeskProductPage(
  request: FormPageRequest,
  id: number | undefined,
): Promise<PageOutcome<DeskProductView>> {
  const user = request.user!;
  assertEditor(user);
  const { locale } = request;
  const t = createTranslator(locale);
  const db = await getDb();
  const action = localizePath(id ? `${DESK_FINANCING_PATH}/${id}` : `${DESK_FINANCING_PATH}/new`, locale);
  const [{ providers }, currencyList] = await Promise.all([
    listDeskFinanceProducts(db, user),
    listCurrencies(db, locale),
  ]);
  const base = {
    id,
    providers: providers.map((p) => ({ value: String(p.id), name: p.name })),
    currencies: currencyList.map((c) => ({ value: String(c.id), name: c.code })),
    purposes: FINANCE_PURPOSES.map((p) => ({ value: p, name: t(FINANCE_PURPOSE_LABEL[p]) })),
  };
  if (request.request.method !== 'POST') {
    let values: Record<string, string> = {};
    if (id) {
      const [row] = await db.select().from(financeProducts).where(eq(financeProducts.id, id));
      if (!row) throw new AppError('not_found', 'financing.product_not_found');
      const [currency] = await db.select().from(currencies).where(eq(currencies.id, row.currencyId));
      const codes = row.countryIds.length
        ? await db.select({ id: countries.id, code: countries.code }).from(countries)
        : [];
      const scale = 10 ** Number(currency.decimals);
      values = {
        provider_id: String(row.providerId),
        purpose: row.purpose,
        currency_id: String(row.currencyId),
        amount_min: machineText(row.amountMinMinor / scale),
        amount_max: machineText(row.amountMaxMinor / scale),
        countries: row.countryIds.map((cid) => codes.find((c) => c.id === cid)?.code ?? '').join(', '),
        documents: documentLines(row.documents),
      };
      for (const [prefix, text] of [
        ['name', row.name],
        ['description', row.description],
        ['rate', row.rateText],
        ['term', row.termText],
        ['eligibility', row.eligibility],
      ] as const)
        for (const lang of ['en', 'sw', 'fr'] as const) values[`${prefix}_${lang}`] = text?.[lang] ?? '';
    }
    return { view: { ...base, form: blankForm(request, action, values) }, status: 200, headers: PRIVATE_PAGE };
  }
  return handleFormPost(request, {
    action,
    shownFields: PRODUCT_FIELDS,
    run: async (fields) => {
      await saveFinanceProduct(db, user, parseInput(financeProductFormSchema(locale), fields), id);
      return `${localizePath(DESK_FINANCING_PATH, locale)}?done=saved`;
    },
    view: (form) => ({ ...base, form }),
  });
}
