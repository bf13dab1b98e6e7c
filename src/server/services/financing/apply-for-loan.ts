import { consumeLimit } from '~/server/security/rate-limit';
import { eq } from 'drizzle-orm';
import { MAX_APPLICATION_DOCUMENTS } from '~/features/financing/constants';
import type { LoanApplicationInput } from '~/features/financing/schemas';
import { priceDecimalsProblem } from '~/features/numbers/money';
import type { Locale } from '~/i18n/config';
import { formatMoney } from '~/i18n/format';
import type { Executor } from '~/server/db';
import {
  financeProducts,
  financeProviders,
  loanApplicationDocuments,
  loanApplicationEvents,
  loanApplications,
  users,
} from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { queueMail } from '~/server/mail';
import { loanApplicationMail } from '~/server/mail/templates';
import { storeDocumentFile } from '~/server/services/accounts/documents';
import { displayName } from '~/server/services/accounts/users';
import { getStorage } from '~/server/storage';
import { pickText } from '~/features/financing/schemas';
import { loanLinkUrl, newLoanToken } from './loan-link';
import { readFinanceProduct } from './read-finance-product';

const fieldError = (field: string, key: string, vars?: Record<string, string | number>) =>
  new AppError('validation_failed', 'errors.validation_failed', {
    fields: { [field]: [{ key: key as never, vars }] },
  });

/** The files of a posted application: fields named `document_{key}` holding a file (an empty file input is none). */
export function collectDocumentFiles(raw: Record<string, unknown>): Map<string, File> {
  const files = new Map<string, File>();
  for (const [name, value] of Object.entries(raw)) {
    const key = /^document_([a-z0-9_]{1,40})$/.exec(name)?.[1];
    if (key && value instanceof File && value.size > 0) files.set(key, value);
  }
  return files;
}

/**
 * A member applies for an active product (docs/financing.md "Applying"): the amount must fit the product's range
 * and currency, consent must be given (the schema), at least one of the product's documents is attached and each
 * file is checked by its content (a PDF, or an image re-encoded; at most 20 MB). The application, its documents,
 * its first event and the mail that brings it to the provider's contact with the signed link are written in one
 * transaction (the outbox worker, src/server/services/outbox/deliver-outbox.ts, delivers the mail). Answers the
 * application's id.
 */
export async function applyForLoan(
  db: Executor,
  userId: number,
  input: LoanApplicationInput,
  files: Map<string, File>,
  locale: Locale,
): Promise<{ id: number }> {
  const product = await readFinanceProduct(db, input.product_id, locale);
  await consumeLimit('loanApply', `user:${userId}`);
  const { currency } = product;
  const decimalsProblem = priceDecimalsProblem(input.amount, currency);
  if (decimalsProblem) throw fieldError('amount', decimalsProblem.key, decimalsProblem.vars as never);
  const amountMinor = Math.round(input.amount * 10 ** currency.decimals);
  if (input.amount < product.amount_min || input.amount > product.amount_max)
    throw fieldError('amount', 'financing.amount_out_of_range', {
      min: formatMoney(Math.round(product.amount_min * 10 ** currency.decimals), currency, locale),
      max: formatMoney(Math.round(product.amount_max * 10 ** currency.decimals), currency, locale),
    });
  const kinds = new Set(product.documents.map((doc) => doc.key));
  for (const key of files.keys()) if (!kinds.has(key)) throw fieldError(`document_${key}`, 'validation.unknown_field');
  if (files.size === 0) throw fieldError('documents', 'financing.documents_required');
  if (files.size > MAX_APPLICATION_DOCUMENTS)
    throw fieldError('documents', 'validation.too_many', { max: MAX_APPLICATION_DOCUMENTS });

  // Files are checked and stored first (no transaction waits on sharp); a refused step removes what was stored.
  const stored: { kind: string; file: Awaited<ReturnType<typeof storeDocumentFile>> }[] = [];
  const { token, hash } = newLoanToken();
  let id: number;
  try {
    for (const [kind, file] of files) {
      try {
        stored.push({ kind, file: await storeDocumentFile(file, 'loan-documents', userId) });
      } catch (error) {
        // The problem belongs to this document's own field.
        if (error instanceof AppError && error.fields?.file)
          throw new AppError('validation_failed', error.messageKey, {
            vars: error.vars,
            fields: { [`document_${kind}`]: error.fields.file },
          });
        throw error;
      }
    }
    const now = new Date();
    id = await db.transaction(async (tx) => {
      const [application] = await tx
        .insert(loanApplications)
        .values({
          productId: product.id,
          userId,
          amountMinor,
          currencyId: currency.id,
          purpose: input.purpose,
          plan: input.plan,
          consent: true,
          consentedAt: now,
          tokenHash: hash,
        })
        .returning({ id: loanApplications.id });
      await tx.insert(loanApplicationDocuments).values(
        stored.map(({ kind, file }) => ({
          applicationId: application.id,
          kind,
          storageKey: file.storageKey,
          originalName: file.originalName,
          contentType: file.contentType,
          size: file.size,
        })),
      );
      await tx
        .insert(loanApplicationEvents)
        .values({ applicationId: application.id, actor: 'member', actorUserId: userId, toStatus: 'sent' });
      const [provider] = await tx
        .select({
          email: financeProviders.contactEmail,
          name: financeProviders.name,
          locale: financeProviders.locale,
          productName: financeProducts.name,
        })
        .from(financeProducts)
        .innerJoin(financeProviders, eq(financeProviders.id, financeProducts.providerId))
        .where(eq(financeProducts.id, product.id));
      const [member] = await tx.select().from(users).where(eq(users.id, userId));
      const providerLocale = (['en', 'sw', 'fr'] as const).find((l) => l === provider.locale) ?? 'en';
      await queueMail(
        tx,
        loanApplicationMail(providerLocale, provider.email, provider.name, {
          product: pickText(provider.productName, providerLocale),
          applicant: displayName(member),
          amount: formatMoney(amountMinor, currency, providerLocale),
          url: loanLinkUrl(token, providerLocale),
        }),
      );
      return application.id;
    });
  } catch (error) {
    await Promise.all(
      stored.map(({ file }) =>
        getStorage()
          .delete(file.storageKey)
          .catch(() => undefined),
      ),
    );
    throw error;
  }
  return { id };
}
