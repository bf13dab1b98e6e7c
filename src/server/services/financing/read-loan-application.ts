import { asc, desc, eq } from 'drizzle-orm';
import type { Role } from '~/features/accounts/constants';
import type { FinancePurpose, LoanActor, LoanStatus } from '~/features/financing/constants';
import { pickText } from '~/features/financing/schemas';
import type { Locale } from '~/i18n/config';
import { formatMoney } from '~/i18n/format';
import type { Executor } from '~/server/db';
import {
  currencies,
  financeProducts,
  financeProviders,
  loanApplicationDocuments,
  loanApplicationEvents,
  loanApplications,
  users,
} from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { hashLoanToken, isLoanToken, loanDocumentUrl } from './loan-link';

/**
 * Who reads an application: a signed-in member (its applicant, or an administrator) or the provider's link. An
 * application the reader may not see is a 404, as one that does not exist (docs/financing.md "Access").
 */
export type LoanReader = { user: { id: number; role: Role } } | { token: string };

export type LoanApplicationRow = typeof loanApplications.$inferSelect;

/** The application this reader may see, by id (members) or by the link's token; else a 404. */
export async function findReadableApplication(
  db: Executor,
  reader: LoanReader,
  id?: number,
): Promise<LoanApplicationRow> {
  let row: LoanApplicationRow | undefined;
  if ('token' in reader) {
    if (!isLoanToken(reader.token)) throw new AppError('not_found', 'errors.not_found');
    [row] = await db
      .select()
      .from(loanApplications)
      .where(eq(loanApplications.tokenHash, hashLoanToken(reader.token)));
    if (row && id !== undefined && row.id !== id) row = undefined;
  } else if (id !== undefined) {
    [row] = await db.select().from(loanApplications).where(eq(loanApplications.id, id));
    if (row && row.userId !== reader.user.id && reader.user.role !== 'admin') row = undefined;
  }
  if (!row) throw new AppError('not_found', 'errors.not_found');
  return row;
}

export interface LoanApplicationView {
  id: number;
  status: LoanStatus;
  product: { id: number; name: string; provider: string; is_demo: boolean };
  amount: number;
  amount_text: string;
  currency: { id: number; code: string; decimals: number };
  purpose: FinancePurpose;
  plan: string;
  consented_at: string;
  created_at: string;
  updated_at: string;
  applicant: { id: number; name: string; email: string | null; phone: string | null };
  documents: {
    id: number;
    kind: string;
    label: string;
    name: string;
    content_type: string;
    size: number;
    url: string;
  }[];
  events: { actor: LoanActor; from: LoanStatus | null; to: LoanStatus; note: string | null; at: string }[];
}

/** The application with its documents and history, shaped for `locale`, after the same access check. */
export async function shapeLoanApplication(
  db: Executor,
  row: LoanApplicationRow,
  locale: Locale,
  token?: string,
): Promise<LoanApplicationView> {
  const [context] = await db
    .select({
      product: financeProducts,
      provider: financeProviders.name,
      providerDemo: financeProviders.isDemo,
      currency: { id: currencies.id, code: currencies.code, decimals: currencies.decimals },
      applicant: { firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone },
    })
    .from(financeProducts)
    .innerJoin(financeProviders, eq(financeProviders.id, financeProducts.providerId))
    .innerJoin(currencies, eq(currencies.id, row.currencyId))
    .innerJoin(users, eq(users.id, row.userId))
    .where(eq(financeProducts.id, row.productId));
  const documents = await db
    .select()
    .from(loanApplicationDocuments)
    .where(eq(loanApplicationDocuments.applicationId, row.id))
    .orderBy(asc(loanApplicationDocuments.id));
  const events = await db
    .select()
    .from(loanApplicationEvents)
    .where(eq(loanApplicationEvents.applicationId, row.id))
    .orderBy(desc(loanApplicationEvents.id));
  const currency = {
    id: context.currency.id,
    code: context.currency.code.trim(),
    decimals: Number(context.currency.decimals),
  };
  const labels = new Map(context.product.documents.map((doc) => [doc.key, pickText(doc.label, locale)]));
  const { applicant } = context;
  return {
    id: row.id,
    status: row.status,
    product: {
      id: context.product.id,
      name: pickText(context.product.name, locale),
      provider: context.provider,
      is_demo: context.product.isDemo || context.providerDemo,
    },
    amount: row.amountMinor / 10 ** currency.decimals,
    amount_text: formatMoney(row.amountMinor, currency, locale),
    currency,
    purpose: row.purpose,
    plan: row.plan,
    consented_at: row.consentedAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    applicant: {
      id: row.userId,
      name: [applicant.firstName, applicant.lastName].filter(Boolean).join(' '),
      email: applicant.email,
      phone: applicant.phone,
    },
    documents: documents.map((doc) => ({
      id: doc.id,
      kind: doc.kind,
      label: labels.get(doc.kind) ?? doc.kind,
      name: doc.originalName,
      content_type: doc.contentType,
      size: doc.size,
      url: loanDocumentUrl(doc.id, token),
    })),
    events: events.map((event) => ({
      actor: event.actor,
      from: event.fromStatus,
      to: event.toStatus,
      note: event.note,
      at: event.createdAt.toISOString(),
    })),
  };
}

/** `GET /financing/application`: the applicant, an administrator, or the provider's link reads an application. */
export async function readLoanApplication(
  db: Executor,
  reader: LoanReader,
  id: number | undefined,
  locale: Locale,
): Promise<LoanApplicationView> {
  const row = await findReadableApplication(db, reader, id);
  return shapeLoanApplication(db, row, locale, 'token' in reader ? reader.token : undefined);
}
