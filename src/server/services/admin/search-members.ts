import { type SQL, and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { MemberSearch } from '~/features/admin/members';
import type { Executor } from '~/server/db';
import { type Page, pageOffset, toPage } from '~/server/db/pagination';
import { users } from '~/server/db/schema';
import { type StaffActor, requireCapability } from './access';

export interface MemberListItem {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  referral_code: string;
  tier: string;
  role: string;
  blocked: boolean;
  created_at: Date;
}

const like = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;

/**
 * The members' search (docs/backoffice.md "Members"): one box matched against the name, the e-mail, the phone number
 * (spaces ignored), the referral code and the id; newest first, paginated in SQL. Capability `members`.
 */
export async function searchMembers(
  db: Executor,
  actor: StaffActor,
  query: MemberSearch,
): Promise<Page<MemberListItem>> {
  requireCapability(actor, 'members');
  const q = query.q?.trim() ?? '';
  let where: SQL | undefined;
  if (q) {
    const phone = q.replace(/[\s()-]/g, '');
    where = or(
      ilike(sql`${users.firstName} || ' ' || coalesce(${users.lastName}, '')`, like(q)),
      ilike(users.email, like(q)),
      phone ? ilike(users.phone, like(phone)) : undefined,
      eq(sql`upper(${users.referralCode})`, q.toUpperCase()),
      /^\d{1,9}$/.test(q) ? eq(users.id, Number(q)) : undefined,
    );
  }
  const perPage = query['per-page'];
  const request = { page: query.page, perPage };
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: users.id,
        first: users.firstName,
        last: users.lastName,
        email: users.email,
        phone: users.phone,
        referral_code: users.referralCode,
        tier: users.tier,
        role: users.role,
        blockedAt: users.blockedAt,
        created_at: users.createdAt,
      })
      .from(users)
      .where(and(where))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(perPage)
      .offset(pageOffset(request)),
    db.select({ total: count() }).from(users).where(and(where)),
  ]);
  const items = rows.map(({ first, last, blockedAt, ...row }) => ({
    ...row,
    name: [first, last].filter(Boolean).join(' '),
    blocked: blockedAt !== null,
  }));
  return toPage(items, total, request);
}
