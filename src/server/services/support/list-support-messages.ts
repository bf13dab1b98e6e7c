import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { SupportQuery } from '~/features/admin/support';
import type { ContactStatus } from '~/features/contact/schema';
import type { Executor } from '~/server/db';
import { contactMessages, users } from '~/server/db/schema';
import { type Page, toPage } from '~/server/db/pagination';
import { type StaffActor, requireCapability } from '~/server/services/admin/access';

export interface SupportListItem {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  topic: string;
  locale: string;
  status: ContactStatus;
  user_id: number | null;
  assigned_to: number | null;
  assigned_email: string | null;
  excerpt: string;
  created_at: string;
}

/**
 * The support inbox (docs/backoffice.md "Support"): messages of one status, optionally only those assigned to the
 * caller, oldest first (who waited longest is answered first), a page at a time, with the count of each status.
 */
export async function listSupportMessages(
  db: Executor,
  actor: StaffActor,
  query: SupportQuery,
): Promise<Page<SupportListItem> & { counts: Record<ContactStatus | 'mine', number> }> {
  requireCapability(actor, 'support');
  const where: SQL | undefined = and(
    eq(contactMessages.status, query.status),
    query.mine ? eq(contactMessages.assignedTo, actor.id) : undefined,
  );
  const perPage = query['per-page'];
  const [rows, [{ total }], statusCounts, [{ mine }]] = await Promise.all([
    db
      .select({ message: contactMessages, assignedEmail: users.email })
      .from(contactMessages)
      .leftJoin(users, eq(users.id, contactMessages.assignedTo))
      .where(where)
      .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id))
      .limit(perPage)
      .offset((query.page - 1) * perPage),
    db.select({ total: count() }).from(contactMessages).where(where),
    db.select({ status: contactMessages.status, n: count() }).from(contactMessages).groupBy(contactMessages.status),
    db
      .select({ mine: count() })
      .from(contactMessages)
      .where(and(eq(contactMessages.assignedTo, actor.id), eq(contactMessages.status, query.status))),
  ]);
  const counts = { new: 0, answered: 0, closed: 0, mine: Number(mine) };
  for (const row of statusCounts) counts[row.status] = Number(row.n);
  const items = rows.map(({ message, assignedEmail }) => ({
    id: message.id,
    name: message.name,
    email: message.email,
    phone: message.phone,
    topic: message.topic,
    locale: message.locale,
    status: message.status,
    user_id: message.userId,
    assigned_to: message.assignedTo,
    assigned_email: assignedEmail,
    excerpt: message.message.length > 140 ? `${message.message.slice(0, 140)}…` : message.message,
    created_at: message.createdAt.toISOString(),
  }));
  return { ...toPage(items, Number(total), { page: query.page, perPage }), counts };
}
