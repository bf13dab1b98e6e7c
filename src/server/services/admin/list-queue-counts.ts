import { and, count, eq, isNotNull, isNull, min } from 'drizzle-orm';
import { type StaffCapability, holds } from '~/features/admin/capabilities';
import type { Executor } from '~/server/db';
import {
  chatReports,
  contactMessages,
  dealDisputes,
  lots,
  moderationReports,
  payouts,
  tierRequests,
  verificationRequests,
} from '~/server/db/schema';
import { type StaffActor, requireCapability } from './access';

export const DASHBOARD_QUEUES = [
  { id: 'silver_requests', capability: 'tiers', path: '/admin/members/silver-requests' },
  { id: 'reports', capability: 'moderation', path: '/admin/moderation' },
  { id: 'lot_appeals', capability: 'moderation', path: '/admin/moderation' },
  { id: 'verification_requests', capability: 'verification', path: '/admin/verification' },
  { id: 'disputes', capability: 'money', path: '/admin/money' },
  { id: 'payouts', capability: 'money', path: '/admin/money/payouts' },
  { id: 'contact_messages', capability: 'support', path: '/admin/support' },
] as const satisfies readonly { id: string; capability: StaffCapability; path: string }[];
export type DashboardQueueId = (typeof DASHBOARD_QUEUES)[number]['id'];

export interface QueueCount {
  id: DashboardQueueId;
  path: string;
  count: number;
  /** When the oldest waiting item came in, and how long ago (seconds); null when the queue is empty. */
  oldest_at: Date | null;
  oldest_age_seconds: number | null;
}

type Figure = { count: number; oldest: Date | string | null };

/** Each queue's count and oldest item: one aggregate over its status index. */
const QUERIES: Record<DashboardQueueId, (db: Executor) => Promise<Figure[]>> = {
  silver_requests: (db) =>
    db
      .select({ count: count(), oldest: min(tierRequests.createdAt) })
      .from(tierRequests)
      .where(eq(tierRequests.status, 'pending')),
  reports: async (db) => [
    ...(await db
      .select({ count: count(), oldest: min(moderationReports.createdAt) })
      .from(moderationReports)
      .where(eq(moderationReports.status, 'open'))),
    ...(await db
      .select({ count: count(), oldest: min(chatReports.createdAt) })
      .from(chatReports)
      .where(eq(chatReports.status, 'open'))),
  ],
  lot_appeals: (db) =>
    db
      .select({ count: count(), oldest: min(lots.appealedAt) })
      .from(lots)
      .where(and(isNotNull(lots.appealedAt), isNull(lots.appealOutcome))),
  verification_requests: (db) =>
    db
      .select({ count: count(), oldest: min(verificationRequests.createdAt) })
      .from(verificationRequests)
      .where(eq(verificationRequests.status, 'pending')),
  disputes: (db) =>
    db
      .select({ count: count(), oldest: min(dealDisputes.createdAt) })
      .from(dealDisputes)
      .where(eq(dealDisputes.status, 'open')),
  payouts: (db) =>
    db
      .select({ count: count(), oldest: min(payouts.createdAt) })
      .from(payouts)
      .where(eq(payouts.status, 'awaiting_approval')),
  contact_messages: (db) =>
    db
      .select({ count: count(), oldest: min(contactMessages.createdAt) })
      .from(contactMessages)
      .where(eq(contactMessages.status, 'new')),
};

/**
 * The dashboard's queues (docs/backoffice.md "Dashboard") that the actor's role holds (STAFF_CAPABILITIES), each
 * with its count, its oldest item's time and age, and the page that works it.
 */
export async function listQueueCounts(db: Executor, actor: StaffActor, now = new Date()): Promise<QueueCount[]> {
  requireCapability(actor, 'dashboard');
  const mine = DASHBOARD_QUEUES.filter((queue) => holds(actor, queue.capability));
  return Promise.all(
    mine.map(async (queue) => {
      const figures = await QUERIES[queue.id](db);
      const total = figures.reduce((sum, f) => sum + Number(f.count), 0);
      const times = figures.flatMap((f) => (f.oldest ? [new Date(f.oldest).getTime()] : []));
      const oldest = times.length ? new Date(Math.min(...times)) : null;
      return {
        id: queue.id,
        path: queue.path,
        count: total,
        oldest_at: oldest,
        oldest_age_seconds: oldest ? Math.max(0, Math.floor((now.getTime() - oldest.getTime()) / 1000)) : null,
      };
    }),
  );
}
