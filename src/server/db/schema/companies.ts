import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  CompanyPermission,
  InterestKind,
  JoinDirection,
  JoinStatus,
  ProfileFormKind,
  VerificationType,
} from '~/features/companies/constants';
import { documentTypes, users } from './accounts';
import { type CategoryKind, categories, countries, regions } from './reference';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A company, cooperative or organisation that members act for (docs/companies.md). */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** The registration number, unique per country of registration (compared without case and spaces). */
    entityNumber: text('entity_number').notNull(),
    /** COMPANY_TYPES id. */
    typeId: integer('type_id').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    regionId: integer('region_id').references(() => regions.id),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    description: text('description'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Storage key prefix of the logo (`logos/12/ab34cd`); sizes as avatars. */
    logoKey: text('logo_key'),
    /** The code members give to ask to join (unique, random). */
    code: text('code').notNull(),
    /** A company that verifies other units (a cooperative verifying its farmers, an extension agency). */
    isVerifier: boolean('is_verifier').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Lower-cased title, for the directory's search by name. */
    search: text('search').generatedAlwaysAs(sql`lower(title)`),
  },
  (t) => [
    uniqueIndex('companies_entity_uq').on(t.countryId, sql`upper(replace(entity_number, ' ', ''))`),
    uniqueIndex('companies_code_uq').on(t.code),
    index('companies_directory_idx').on(t.typeId, t.countryId, t.regionId, t.id),
    // The directory's order (by name, then id): a page is read in index order and stops at its last row.
    index('companies_name_idx').on(t.search, t.id),
    check('companies_type_ck', sql`type_id between 1 and 7`),
  ],
);

/** Team: a member belongs to at most one company. */
export const companyMembers = pgTable(
  'company_members',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permission: text('permission').$type<CompanyPermission>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId] }),
    uniqueIndex('company_members_one_company_uq').on(t.userId),
    check('company_members_permission_ck', sql`permission in ('administrator', 'manager')`),
  ],
);

/** A request to join (by the company's code) or an invitation (by the member's referral code). */
export const companyJoinRequests = pgTable(
  'company_join_requests',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    direction: text('direction').$type<JoinDirection>().notNull(),
    status: text('status').$type<JoinStatus>().notNull().default('pending'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('company_join_requests_pending_uq')
      .on(t.companyId, t.userId)
      .where(sql`status = 'pending'`),
    index('company_join_requests_user_idx').on(t.userId, t.status),
    check('company_join_requests_direction_ck', sql`direction in ('request', 'invite')`),
    check('company_join_requests_status_ck', sql`status in ('pending', 'approved', 'declined')`),
  ],
);

/** A company's documents (private to its team and to verifiers), each of a document type. */
export const companyDocuments = pgTable(
  'company_documents',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    documentTypeId: integer('document_type_id')
      .notNull()
      .references(() => documentTypes.id),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('company_documents_company_idx').on(t.companyId)],
);

/** What a company sells or buys: a category of any lot kind. */
export const companyInterests = pgTable(
  'company_interests',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<InterestKind>().notNull(),
    /** The category's lot kind (board, seed, fertilizer, technic): categories are numbered per kind. */
    categoryKind: text('category_kind').$type<CategoryKind>().notNull(),
    categoryId: integer('category_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'company_interests_category_fk',
      columns: [t.categoryKind, t.categoryId],
      foreignColumns: [categories.kind, categories.id],
    }),
    uniqueIndex('company_interests_uq').on(t.companyId, t.kind, t.categoryKind, t.categoryId),
    check('company_interests_kind_ck', sql`kind in ('sell', 'buy')`),
  ],
);

/**
 * A verification is a record, not a flag: what was verified (`type`) of a user or a company, by whom, for which
 * verifying organisation, when, with a note. Unverifying keeps the record (`revoked_at`, `revoked_by`).
 */
export const verifications = pgTable(
  'verifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    type: text('type').$type<VerificationType>().notNull(),
    verifiedBy: integer('verified_by')
      .notNull()
      .references(() => users.id),
    fromCompanyId: integer('from_company_id').references(() => companies.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id),
    revokeNote: text('revoke_note'),
  },
  (t) => [
    index('verifications_user_idx').on(t.userId, t.type),
    index('verifications_company_idx').on(t.companyId, t.type),
    check('verifications_subject_ck', sql`(user_id is null) <> (company_id is null)`),
  ],
);

/** A member's (or their company's) request to be verified, with the documents it needs; verifiers decide. */
export const verificationRequests = pgTable(
  'verification_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    type: text('type').$type<VerificationType>().notNull(),
    /** The verifying company asked, or null: the platform's administrators. */
    verifierCompanyId: integer('verifier_company_id').references(() => companies.id, { onDelete: 'set null' }),
    message: text('message'),
    /** Ids of the requester's user_documents or company_documents sent with it. */
    documentIds: jsonb('document_ids').$type<number[]>().notNull().default([]),
    status: text('status').$type<JoinStatus>().notNull().default('pending'),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    verificationId: integer('verification_id').references(() => verifications.id),
    /** The verifier's note on the decision (why a request was declined). */
    decisionNote: text('decision_note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('verification_requests_queue_idx').on(t.status, t.verifierCompanyId, t.id),
    check('verification_requests_subject_ck', sql`(user_id is null) <> (company_id is null)`),
    check('verification_requests_status_ck', sql`status in ('pending', 'approved', 'declined')`),
  ],
);

/** A member's fuller public profile of one kind (farmer, trader, cooperative), validated by its zod schema. */
export const memberProfiles = pgTable(
  'member_profiles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ProfileFormKind>().notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('member_profiles_kind_ck', sql`kind in ('farmer', 'trader', 'cooperative')`),
  ],
);
