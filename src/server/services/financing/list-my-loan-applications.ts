import { desc, eq } from 'drizzle-orm';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { loanApplications } from '~/server/db/schema';
import { type LoanApplicationView, shapeLoanApplication } from './read-loan-application';

/** The member's own applications, newest first, each with its documents and status history. */
export async function listMyLoanApplications(
  db: Executor,
  userId: number,
  locale: Locale,
): Promise<LoanApplicationView[]> {
  const rows = await db
    .select()
    .from(loanApplications)
    .where(eq(loanApplications.userId, userId))
    .orderBy(desc(loanApplications.createdAt), desc(loanApplications.id))
    .limit(100);
  return Promise.all(rows.map((row) => shapeLoanApplication(db, row, locale)));
}
