import { and, eq } from 'drizzle-orm';
import type { Database } from '~/server/db';
import { companyMembers } from '~/server/db/schema';
import { assertNotLastAdministrator, listAdministrators, requireMembership } from './access';
import { notifyTeam } from './notify-team';

/** The caller leaves their company (its administrators are told by e-mail); the last administrator cannot. */
export async function leaveCompany(db: Database, userId: number): Promise<void> {
  const { companyId, companyTitle } = await requireMembership(db, userId);
  await db.transaction(async (tx) => {
    await assertNotLastAdministrator(tx, companyId, userId);
    await tx
      .delete(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
    await notifyTeam(tx, await listAdministrators(tx, companyId), 'left', companyTitle, userId);
  });
}
