import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DisputeDecision, DisputeReason } from '~/features/deals/constants';
import { users } from './accounts';
import { offers } from './deals';

/**
 * Disputes of deals whose money is frozen (docs/deals.md "Disputes"): opened by a party, resolved once by the
 * platform (release, refund or split). At most one open dispute per deal (a unique partial index).
 */
export const dealDisputes = pgTable(
  'deal_disputes',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'restrict' }),
    openedBy: integer('opened_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    reason: text('reason').$type<DisputeReason>().notNull(),
    comment: text('comment'),
    status: text('status').$type<'open' | 'resolved'>().notNull().default('open'),
    decision: text('decision').$type<DisputeDecision>(),
    /** What the seller received by the decision (before the platform fee), minor units; 0 for a refund. */
    sellerAmount: bigint('seller_amount', { mode: 'number' }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'restrict' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deal_disputes_open_uq')
      .on(t.offerId)
      .where(sql`status = 'open'`),
    index('deal_disputes_offer_idx').on(t.offerId),
    check('deal_disputes_status_ck', sql`status in ('open', 'resolved')`),
    check('deal_disputes_reason_ck', sql`reason in ('not_received', 'not_as_described', 'quantity_short', 'other')`),
    check(
      'deal_disputes_decision_ck',
      sql`(status = 'open' and decision is null and decided_at is null) or (status = 'resolved' and decision in ('release', 'refund', 'split') and decided_at is not null and seller_amount is not null)`,
    ),
  ],
);

/** The one warning e-mail before a deal's automatic release (docs/deals.md "Automatic release"): once per deal. */
export const dealReleaseNotices = pgTable('deal_release_notices', {
  offerId: integer('offer_id')
    .primaryKey()
    .references(() => offers.id, { onDelete: 'restrict' }),
  warnedAt: timestamp('warned_at', { withTimezone: true }).notNull().defaultNow(),
});
