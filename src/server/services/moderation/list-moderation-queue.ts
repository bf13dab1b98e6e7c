import { inArray, sql } from 'drizzle-orm';
import type { QueueSource } from '~/features/admin/moderation';
import { KINDS } from '~/features/lots/constants';
import type { Executor } from '~/server/db';
import { chatReports, lots, moderationReports, users } from '~/server/db/schema';
import { type Page, toPage } from '~/server/db/pagination';
import { type StaffActor, requireCapability } from '~/server/services/admin/access';
import { displayName } from '~/server/services/accounts/users';

/** One thing waiting for a moderator (docs/backoffice.md "Moderation"). */
export interface ModerationQueueItem {
  source: QueueSource;
  /** The report's id (`report`, `chat`) or the lot's (`appeal`). */
  id: number;
  /** What is reported: a lot, a profile, a chat message, a whole chat room; an appeal is about a lot. */
  target_type: 'lot' | 'profile' | 'message' | 'room';
  created_at: string;
  age_seconds: number;
  reason: string;
  comment: string | null;
  reporter: { id: number; name: string } | null;
  /** The member reported (the lot's owner, the profile's, the message's sender). */
  reported_user: { id: number; name: string; blocked: boolean } | null;
  lot: {
    id: number;
    title: string;
    path: string;
    status: string;
    hidden: boolean;
    hidden_reason: string | null;
  } | null;
  message: { id: number | null; snapshot: string; hidden: boolean } | null;
  appeal: { text: string; at: string } | null;
}

/**
 * The moderation queue: open lot and profile reports, open chat reports and appeals waiting, oldest first, one page
 * of them with the count.
 */
export async function listModerationQueue(
  db: Executor,
  actor: StaffActor,
  query: { page: number; 'per-page': number },
): Promise<Page<ModerationQueueItem>> {
  requireCapability(actor, 'moderation');
  const waiting = sql`
    select 'report' as source, id, created_at from moderation_reports where status = 'open'
    union all
    select 'chat' as source, id, created_at from chat_reports where status = 'open'
    union all
    select 'appeal' as source, id, appealed_at as created_at from lots
      where hidden_at is not null and appealed_at is not null and appeal_outcome is null`;
  const perPage = query['per-page'];
  type Rows<T> = { rows: T[] };
  const countRows = (await db.execute(sql`select count(*)::int as count from (${waiting}) q`)) as unknown as Rows<{
    count: number;
  }>;
  const pageRows = (await db.execute(
    sql`select source, id from (${waiting}) q order by created_at, source, id limit ${perPage} offset ${(query.page - 1) * perPage}`,
  )) as unknown as Rows<{ source: QueueSource; id: number }>;
  const total = Number(countRows.rows[0]?.count ?? 0);
  const keys = pageRows.rows.map((row) => ({ source: row.source, id: Number(row.id) }));
  const idsOf = (source: QueueSource) => keys.filter((key) => key.source === source).map((key) => key.id);

  const reports = idsOf('report').length
    ? await db
        .select()
        .from(moderationReports)
        .where(inArray(moderationReports.id, idsOf('report')))
    : [];
  const chats = idsOf('chat').length
    ? await db
        .select()
        .from(chatReports)
        .where(inArray(chatReports.id, idsOf('chat')))
    : [];
  const lotIds = [
    ...new Set([...reports.map((r) => r.lotId).filter((id): id is number => id !== null), ...idsOf('appeal')]),
  ];
  const lotRows = lotIds.length ? await db.select().from(lots).where(inArray(lots.id, lotIds)) : [];
  const userIds = [
    ...new Set(
      [
        ...reports.flatMap((r) => [r.reporterId, r.reportedUserId]),
        ...chats.flatMap((r) => [r.reporterId, r.reportedUserId]),
        ...lotRows.map((l) => l.userId),
      ].filter((id): id is number => id !== null),
    ),
  ];
  const people = userIds.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, blockedAt: users.blockedAt })
        .from(users)
        .where(inArray(users.id, userIds))
    : [];
  const byUser = new Map(people.map((p) => [p.id, p]));
  const byLot = new Map(lotRows.map((l) => [l.id, l]));
  const person = (id: number | null) => {
    const p = id === null ? undefined : byUser.get(id);
    return p ? { id: p.id, name: displayName(p) } : null;
  };
  const reported = (id: number | null) => {
    const p = id === null ? undefined : byUser.get(id);
    return p ? { id: p.id, name: displayName(p), blocked: p.blockedAt !== null } : null;
  };
  const lotView = (id: number | null) => {
    const lot = id === null ? undefined : byLot.get(id);
    return lot
      ? {
          id: lot.id,
          title: lot.title,
          path: `${KINDS[lot.kind].sitePath}/${lot.id}`,
          status: lot.status,
          hidden: lot.hiddenAt !== null,
          hidden_reason: lot.hiddenReason,
        }
      : null;
  };
  const now = Date.now();
  const timed = (at: Date) => ({
    created_at: at.toISOString(),
    age_seconds: Math.max(0, Math.floor((now - at.getTime()) / 1000)),
  });

  const items: ModerationQueueItem[] = [];
  for (const key of keys) {
    if (key.source === 'report') {
      const r = reports.find((row) => row.id === key.id);
      if (!r) continue;
      items.push({
        source: 'report',
        id: r.id,
        target_type: r.targetType,
        ...timed(r.createdAt),
        reason: r.reason,
        comment: r.comment,
        reporter: person(r.reporterId),
        reported_user: reported(r.reportedUserId),
        lot: lotView(r.lotId),
        message: null,
        appeal: null,
      });
    } else if (key.source === 'chat') {
      const r = chats.find((row) => row.id === key.id);
      if (!r) continue;
      items.push({
        source: 'chat',
        id: r.id,
        target_type: r.messageId === null ? 'room' : 'message',
        ...timed(r.createdAt),
        reason: r.reason,
        comment: null,
        reporter: person(r.reporterId),
        reported_user: reported(r.reportedUserId),
        lot: null,
        message: { id: r.messageId, snapshot: r.snapshot, hidden: false },
        appeal: null,
      });
    } else {
      const lot = byLot.get(key.id);
      if (!lot?.appealedAt) continue;
      items.push({
        source: 'appeal',
        id: lot.id,
        target_type: 'lot',
        ...timed(lot.appealedAt),
        reason: lot.hiddenReason ?? '',
        comment: null,
        reporter: null,
        reported_user: reported(lot.userId),
        lot: lotView(lot.id),
        message: null,
        appeal: { text: lot.appealText ?? '', at: lot.appealedAt.toISOString() },
      });
    }
  }
  return toPage(items, total, { page: query.page, perPage });
}
