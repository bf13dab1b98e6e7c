import { eq } from 'drizzle-orm';
import type { Role } from '~/features/accounts/constants';
import type { LoanDecision } from '~/features/financing/constants';
import { pickText } from '~/features/financing/schemas';
import { localizePath } from '~/i18n/paths';
import { createTranslator } from '~/i18n/t';
import type { Executor } from '~/server/db';
import { financeProducts, loanApplicationEvents, loanApplications, users } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { AppError } from '~/server/errors';
import { queueMail } from '~/server/mail';
import { loanStatusMail } from '~/server/mail/templates';
import { userLocale } from '~/server/services/accounts/users';
import { LOAN_STATUS_LABEL } from '~/features/financing/labels';
import { hashLoanToken, isLoanToken } from './loan-link';

/** Who changes a status: an administrator (signed in) or the provider's link. Anyone else is refused. */
export type LoanDecider = { user: { id: number; role: Role } } | { token: string };

export const MY_LOANS_PATH = '/user/profile/loans';

/**
 * Sets an application's status to in review, approved or declined (docs/financing.md "Status"): by the provider's
 * link or an administrator; a member who is not an administrator gets 403, a wrong link 404. Setting the status it
 * already has is a 409. The change is an event (who, from, to, note); the member hears of it by mail in their language,
 * the mail queued in the change's transaction and delivered by the outbox worker (services/outbox/deliver-outbox.ts).
 */
export async function changeLoanApplicationStatus(
  db: Executor,
  decider: LoanDecider,
  input: { id?: number; status: LoanDecision; note?: string },
) {
  if ('user' in decider && decider.user.role !== 'admin') throw new AppError('forbidden', 'errors.forbidden');
  if ('token' in decider && !isLoanToken(decider.token)) throw new AppError('not_found', 'errors.not_found');
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(loanApplications)
      .where(
        'token' in decider
          ? eq(loanApplications.tokenHash, hashLoanToken(decider.token))
          : eq(loanApplications.id, input.id ?? 0),
      )
      .for('update');
    if (!row || (input.id !== undefined && row.id !== input.id)) throw new AppError('not_found', 'errors.not_found');
    if (row.status === input.status) throw new AppError('conflict', 'financing.status_unchanged');
    const now = new Date();
    await tx
      .update(loanApplications)
      .set({ status: input.status, updatedAt: now })
      .where(eq(loanApplications.id, row.id));
    await tx.insert(loanApplicationEvents).values({
      applicationId: row.id,
      actor: 'token' in decider ? 'provider_link' : 'admin',
      actorUserId: 'user' in decider ? decider.user.id : null,
      fromStatus: row.status,
      toStatus: input.status,
      note: input.note || null,
      createdAt: now,
    });
    const updated = { ...row, status: input.status, note: input.note || null };

    const [member] = await tx.select().from(users).where(eq(users.id, updated.userId));
    const [product] = await tx
      .select({ name: financeProducts.name })
      .from(financeProducts)
      .where(eq(financeProducts.id, updated.productId));
    if (member?.email) {
      const locale = userLocale(member);
      await queueMail(
        tx,
        loanStatusMail(locale, member.email, member.firstName, {
          product: pickText(product.name, locale),
          status: createTranslator(locale)(LOAN_STATUS_LABEL[updated.status]),
          note: updated.note,
          url: `${getEnv().publicUrl}${localizePath(MY_LOANS_PATH, locale)}`,
        }),
      );
    }
    return updated;
  });
  return { id: updated.id, status: updated.status };
}
