import { FINANCE_PURPOSES, type FinancePurpose } from '~/features/financing/constants';
import { FINANCE_PURPOSE_LABEL } from '~/features/financing/labels';
import { loanApplicationSchema, loanStatusSchema, productFilterSchema } from '~/features/financing/schemas';
import { parseNumber } from '~/features/numbers/parse';
import { formatMoney } from '~/i18n/format';
import type { Locale } from '~/i18n/config';
import { localizePath } from '~/i18n/paths';
import { createTranslator } from '~/i18n/t';
import { parseInput } from '~/server/api/validate';
import { getDb } from '~/server/db';
import { applyForLoan, collectDocumentFiles } from '~/server/services/financing/apply-for-loan';
import { changeLoanApplicationStatus, MY_LOANS_PATH } from '~/server/services/financing/change-loan-application-status';
import type { FinanceProductView } from '~/server/services/financing/finance-product-view';
import { listFinanceProducts } from '~/server/services/financing/list-finance-products';
import { listMyLoanApplications } from '~/server/services/financing/list-my-loan-applications';
import { LOAN_LINK_PATH } from '~/server/services/financing/loan-link';
import { readFinanceProduct } from '~/server/services/financing/read-finance-product';
import { type LoanApplicationView, readLoanApplication } from '~/server/services/financing/read-loan-application';
import { listCountries } from '~/server/services/reference/list-countries';
import {
  blankForm,
  type FormPageRequest,
  type FormState,
  handleFormPost,
  type PageOutcome,
  PRIVATE_PAGE,
  readMultipartForm,
} from './form-post';

/**
 * The financing pages (docs/financing.md "Pages"): /financing (products with GET filters), /loan-documents (each
 * product's documents as a checklist), /financing/apply/{id} (the application form, a plain multipart POST),
 * /user/profile/loans (the member's applications) and /loan-application/{token} (the provider's page).
 */
export const FINANCING_PATH = '/financing';
export const LOAN_DOCUMENTS_PATH = '/loan-documents';
export const applyPath = (productId: number) => `/financing/apply/${productId}`;

export interface Option {
  value: string;
  name: string;
}

export interface FinancingPageView {
  products: FinanceProductView[];
  purposes: Option[];
  countries: Option[];
  filter: { purpose?: FinancePurpose; country_id?: number };
  purposeName: Record<FinancePurpose, string>;
}

const purposeNames = (locale: Locale) => {
  const t = createTranslator(locale);
  return Object.fromEntries(FINANCE_PURPOSES.map((p) => [p, t(FINANCE_PURPOSE_LABEL[p])])) as Record<
    FinancePurpose,
    string
  >;
};

/** /financing: the active products, filtered as the GET form asks (a filter that does not parse is ignored). */
export async function loadFinancingPage(url: URL, locale: Locale): Promise<FinancingPageView> {
  const db = await getDb();
  const parsed = productFilterSchema.safeParse(Object.fromEntries(url.searchParams));
  const filter = parsed.success ? parsed.data : {};
  const [products, all, countries] = await Promise.all([
    listFinanceProducts(db, filter, locale),
    listFinanceProducts(db, {}, locale),
    listCountries(db, locale),
  ]);
  // Only countries some product serves are worth offering.
  const served = new Set(all.flatMap((product) => product.countries.map((country) => country.id)));
  const purposeName = purposeNames(locale);
  return {
    products,
    purposes: FINANCE_PURPOSES.map((p) => ({ value: p, name: purposeName[p] })),
    countries: countries.filter((c) => served.has(c.id)).map((c) => ({ value: String(c.id), name: c.name })),
    filter,
    purposeName,
  };
}

/** /loan-documents: every active product with the documents it needs. */
export async function loadLoanDocumentsPage(locale: Locale) {
  return { products: await listFinanceProducts(await getDb(), {}, locale), purposeName: purposeNames(locale) };
}

/** Files of an application form: 8 documents of 20 MB would be too much for one post on a phone; 40 MB in all. */
const MAX_APPLICATION_FORM_BYTES = 40 * 1024 * 1024;

export const APPLY_FIELDS = ['amount', 'purpose', 'plan', 'consent', 'documents'] as const;
export type ApplyField = (typeof APPLY_FIELDS)[number] | `document_${string}`;

export interface ApplyPageView {
  product: FinanceProductView;
  purposes: Option[];
  form: FormState<string>;
  /** The amount as it was understood ("KES 12,500.00"), shown beside a refused form's amount. */
  amountUnderstood?: string;
}

/** /financing/apply/{id}: the form; a post applies and goes to the member's applications. */
export async function loadApplyPage(
  request: FormPageRequest,
  productId: number,
): Promise<PageOutcome<ApplyPageView> | undefined> {
  const user = request.user;
  if (!user) return undefined;
  const { locale } = request;
  const db = await getDb();
  const product = await readFinanceProduct(db, productId, locale);
  const action = localizePath(applyPath(productId), locale);
  const purposeName = purposeNames(locale);
  const purposes = FINANCE_PURPOSES.map((p) => ({ value: p, name: purposeName[p] }));
  if (request.request.method !== 'POST')
    return {
      view: { product, purposes, form: blankForm(request, action, { purpose: product.purpose }) },
      status: 200,
      headers: PRIVATE_PAGE,
    };
  let files: Record<string, File> = {};
  const shown = [...APPLY_FIELDS, ...product.documents.map((doc) => `document_${doc.key}`)];
  return handleFormPost<string, ApplyPageView>(request, {
    action,
    shownFields: shown,
    read: async (posting) => {
      const read = await readMultipartForm(posting, MAX_APPLICATION_FORM_BYTES);
      files = read.files;
      return read.fields;
    },
    run: async (fields) => {
      const input = parseInput(loanApplicationSchema(locale), { ...fields, product_id: productId });
      await applyForLoan(db, user.id, input, collectDocumentFiles(files), locale);
      return `${localizePath(MY_LOANS_PATH, locale)}?done=applied`;
    },
    keep: ({ form_token: _token, ...values }) => values,
    view: (form, _error, fields) => {
      const read = fields.amount ? parseNumber(fields.amount, { locale, decimals: 2 }) : undefined;
      const amountUnderstood =
        read?.ok && Number.isFinite(read.value)
          ? formatMoney(Math.round(read.value * 10 ** product.currency.decimals), product.currency, locale)
          : undefined;
      return { product, purposes, form, amountUnderstood };
    },
  });
}

/** /user/profile/loans: the member's applications with status and history. */
export async function loadMyLoansPage(request: FormPageRequest) {
  if (!request.user) return undefined;
  const applications = await listMyLoanApplications(await getDb(), request.user.id, request.locale);
  return { applications, done: request.url.searchParams.get('done') === 'applied' };
}

export interface ProviderPageView {
  application: LoanApplicationView;
  form: FormState<'status' | 'note'>;
  done: boolean;
  purposeName: Record<FinancePurpose, string>;
}

/**
 * /loan-application/{token}: the provider's page (no sign-in): the application and its documents, and a plain
 * form setting it in review, approved or declined with a note. A token that matches nothing is a 404.
 */
export async function loadProviderLinkPage(
  request: FormPageRequest,
  token: string,
): Promise<PageOutcome<ProviderPageView>> {
  const { locale } = request;
  const db = await getDb();
  const action = localizePath(`${LOAN_LINK_PATH}/${token}`, locale);
  const headers = { ...PRIVATE_PAGE, 'Referrer-Policy': 'same-origin', 'X-Robots-Tag': 'noindex' };
  const application = await readLoanApplication(db, { token }, undefined, locale);
  const view = async (form: FormState<'status' | 'note'>, done = false): Promise<ProviderPageView> => ({
    application: await readLoanApplication(db, { token }, undefined, locale),
    form,
    done,
    purposeName: purposeNames(locale),
  });
  if (request.request.method !== 'POST')
    return {
      view: {
        application,
        form: blankForm(request, action),
        done: request.url.searchParams.get('done') === 'status',
        purposeName: purposeNames(locale),
      },
      status: 200,
      headers,
    };
  const outcome = await handleFormPost<'status' | 'note', ProviderPageView>(request, {
    action,
    shownFields: ['status', 'note'],
    run: async (fields) => {
      await changeLoanApplicationStatus(db, { token }, parseInput(loanStatusSchema, fields));
      return `${action}?done=status`;
    },
    view: (form) => view(form),
  });
  return 'view' in outcome ? { ...outcome, headers: { ...outcome.headers, ...headers } } : outcome;
}
