import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  FinancePurpose,
  LoanActor,
  LoanStatus,
  LocalizedText,
  ProductDocument,
} from '~/features/financing/constants';
import { users } from './accounts';
import { currencies } from './reference';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A partner institution offering loans (docs/financing.md); its contact receives the applications. */
export const financeProviders = pgTable('finance_providers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  contactEmail: text('contact_email').notNull(),
  website: text('website'),
  /** The language the provider's mail is written in. */
  locale: text('locale').notNull().default('en'),
  isDemo: boolean('is_demo').notNull().default(false),
  createdAt: createdAt(),
});

/**
 * A loan or financing product. Texts the provider words (name, description, rate, term, eligibility) are kept
 * per language as `{en, sw?, fr?}`; amounts in minor units of `currency_id`; `country_ids` are the countries served.
 */
export const financeProducts = pgTable(
  'finance_products',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => financeProviders.id),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>(),
    purpose: text('purpose').$type<FinancePurpose>().notNull(),
    amountMinMinor: bigint('amount_min_minor', { mode: 'number' }).notNull(),
    amountMaxMinor: bigint('amount_max_minor', { mode: 'number' }).notNull(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    /** Interest or fee as the provider states it ("1.5 % a month, flat"). */
    rateText: jsonb('rate_text').$type<LocalizedText>().notNull(),
    termText: jsonb('term_text').$type<LocalizedText>().notNull(),
    eligibility: jsonb('eligibility').$type<LocalizedText>().notNull(),
    countryIds: integer('country_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    documents: jsonb('documents').$type<ProductDocument[]>().notNull().default([]),
    isActive: boolean('is_active').notNull().default(true),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('finance_products_active_idx')
      .on(t.purpose, t.id)
      .where(sql`${t.isActive}`),
    check(
      'finance_products_purpose_ck',
      sql`${t.purpose} in ('inputs', 'machinery', 'warehouse_receipt', 'working_capital')`,
    ),
    check('finance_products_amounts_ck', sql`${t.amountMinMinor} >= 0 and ${t.amountMaxMinor} >= ${t.amountMinMinor}`),
  ],
);

/**
 * A member's application for a product. `token_hash` is the SHA-256 of the provider's link token (the link itself
 * is only ever in the mail to the provider), as history shares keep theirs.
 */
export const loanApplications = pgTable(
  'loan_applications',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => financeProducts.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    purpose: text('purpose').$type<FinancePurpose>().notNull(),
    plan: text('plan').notNull(),
    consent: boolean('consent').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    status: text('status').$type<LoanStatus>().notNull().default('sent'),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('loan_applications_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('loan_applications_token_uq').on(t.tokenHash),
    check('loan_applications_status_ck', sql`${t.status} in ('sent', 'in_review', 'approved', 'declined')`),
    check('loan_applications_consent_ck', sql`${t.consent}`),
  ],
);

/** Every status change of an application: who (a user, or the provider's link), from, to, a note, when. */
export const loanApplicationEvents = pgTable(
  'loan_application_events',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => loanApplications.id, { onDelete: 'cascade' }),
    actor: text('actor').$type<LoanActor>().notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    fromStatus: text('from_status').$type<LoanStatus>(),
    toStatus: text('to_status').$type<LoanStatus>().notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('loan_application_events_app_idx').on(t.applicationId, t.id)],
);

/** A document attached to an application: one of the product's document kinds, stored privately. */
export const loanApplicationDocuments = pgTable(
  'loan_application_documents',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => loanApplications.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('loan_application_documents_app_idx').on(t.applicationId)],
);
