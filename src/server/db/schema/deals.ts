import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { DeliveryType, OfferStatus, OfferType, PaymentType, TrackState } from '~/features/deals/constants';
import { users } from './accounts';
import { lots } from './lots';
import { currencies, perUnits } from './reference';

/**
 * Offers and the deals they become (docs/deals.md). The terms are copied from the lot when the offer is made
 * (price, currency, unit), so a later change of the lot never changes a deal. Money in minor units of
 * `currency_id`; volumes and distances with two decimals. A lot with offers cannot be deleted (restrict).
 */
export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'restrict' }),
    offerType: smallint('offer_type').$type<OfferType>().notNull(),
    status: smallint('status').$type<OfferStatus>().notNull(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    perUnitId: integer('per_unit_id')
      .notNull()
      .references(() => perUnits.id),
    lotPriceMinor: bigint('lot_price_minor', { mode: 'number' }).notNull(),
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull(),
    volume: numeric('volume', { precision: 14, scale: 2 }).notNull(),
    deliveryType: smallint('delivery_type').$type<DeliveryType>().notNull(),
    deliveryPricePerKmMinor: bigint('delivery_price_per_km_minor', { mode: 'number' }).notNull().default(0),
    deliveryDistance: numeric('delivery_distance', { precision: 10, scale: 2 }).notNull().default('0'),
    deliveryFrom: text('delivery_from'),
    deliveryTo: text('delivery_to'),
    paymentType: smallint('payment_type').$type<PaymentType>().notNull(),
    deliveryStatus: smallint('delivery_status').$type<TrackState>().notNull().default(0),
    paymentStatus: smallint('payment_status').$type<TrackState>().notNull().default(0),
    comment: text('comment'),
    /** A buyer's offer at a fixed-price lot's price: approved the moment it was made (a direct buy). */
    approvedDirectly: boolean('approved_directly').notNull().default(false),
    /** Bookings of machinery: first and last day, and the hours of that day when the rent is per hour. */
    bookingFrom: date('booking_from'),
    bookingTo: date('booking_to'),
    hourFrom: smallint('hour_from'),
    hourTo: smallint('hour_to'),
    /** The unit of a booking's quantity (hour, day, acre, hectare). */
    rentPer: text('rent_per'),
    /** When the deal was approved (or the direct buy made): the day its price counts as traded (docs/statistics.md). */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('offers_seller_idx').on(t.sellerId, t.updatedAt.desc()),
    index('offers_buyer_idx').on(t.buyerId, t.updatedAt.desc()),
    index('offers_lot_idx').on(t.lotId, t.status),
    index('offers_booking_idx')
      .on(t.lotId, t.bookingFrom)
      .where(sql`booking_from is not null`),
  ],
);

/**
 * The append-only history of a deal: one row per transition. Each row's `hash` is SHA-256 over the previous
 * row's hash and this row's content (services/deals/chain.ts), so a changed or removed row breaks the chain.
 */
export const offerEvents = pgTable(
  'offer_events',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'restrict' }),
    seq: integer('seq').notNull(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    action: text('action').notNull(),
    status: smallint('status').notNull(),
    deliveryStatus: smallint('delivery_status').notNull(),
    paymentStatus: smallint('payment_status').notNull(),
    comment: text('comment'),
    /** The terms at creation, a feedback's rating: what else the event says, hashed with it. */
    data: jsonb('data').$type<Record<string, unknown>>(),
    photoKey: text('photo_key'),
    photoSha256: text('photo_sha256'),
    documentKey: text('document_key'),
    documentName: text('document_name'),
    documentSha256: text('document_sha256'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [uniqueIndex('offer_events_seq_uq').on(t.offerId, t.seq)],
);

/** One feedback per party per done deal, about the other party (public profiles show them). */
export const userFeedback = pgTable(
  'user_feedback',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'restrict' }),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_feedback_once_uq').on(t.offerId, t.fromUserId),
    index('user_feedback_to_idx').on(t.toUserId, t.createdAt.desc()),
  ],
);

/**
 * Share links of a deal's sealed record (docs/deals.md "Verifiable deal history"): a party gives a third party
 * (a bank, a cooperative, a buyer's buyer) a link that opens a read-only page of the record and lets
 * verify-history say whether a saved copy matches it. Only the SHA-256 of the link's random token is stored:
 * the link itself is shown once, to the party who made it.
 */
export const offerHistoryShares = pgTable(
  'offer_history_shares',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('offer_history_shares_token_uq').on(t.tokenHash),
    index('offer_history_shares_offer_idx').on(t.offerId, t.createdAt.desc()),
  ],
);
