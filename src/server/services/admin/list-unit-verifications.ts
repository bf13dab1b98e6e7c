import { eq, sql } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { companies, users } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { readVerifications } from '~/server/services/verification/read-verifications';
import { type StaffActor, requireCapability } from './access';

/**
 * A member's or a company's verification records (active and revoked, newest first) and its name, for the back
 * office's unverify page (docs/backoffice.md "Verification"). Capability `verification`; unknown: 404.
 */
export async function listUnitVerifications(db: Executor, actor: StaffActor, unit: 'user' | 'company', id: number) {
  requireCapability(actor, 'verification');
  const [row] =
    unit === 'user'
      ? await db
          .select({ name: sql<string>`${users.firstName} || coalesce(' ' || ${users.lastName}, '')` })
          .from(users)
          .where(eq(users.id, id))
      : await db.select({ name: companies.title }).from(companies).where(eq(companies.id, id));
  if (!row) throw new AppError('not_found', 'verification.unit_not_found');
  const records = await readVerifications(db, unit === 'user' ? { userId: id } : { companyId: id });
  return { unit, id, name: row.name, records };
}
