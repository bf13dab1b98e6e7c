import { and, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { users } from '~/server/db/schema';

/** The confirmed phone of the account with this e-mail (a demo account's, for the development phone), if any. */
export async function findConfirmedPhone(
  db: Executor,
  email: string,
): Promise<{ phone: string; name: string } | undefined> {
  const [row] = await db
    .select({ phone: users.phone, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.email, email), isNotNull(users.phoneVerifiedAt), isNotNull(users.phone)));
  return row?.phone ? { phone: row.phone, name: row.firstName ?? '' } : undefined;
}
