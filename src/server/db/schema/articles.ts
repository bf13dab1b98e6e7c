import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import type { ArticleState, StoredArticleCategory } from '~/features/articles/constants';
import type { Locale } from '~/i18n/config';
import { users } from './accounts';
import { type CategoryKind, categories } from './reference';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A news article (docs/articles.md): one row, and one translation per language it exists in. */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    category: text('category').$type<StoredArticleCategory>().notNull(),
    /** Path under the uploads root of the cover's largest WebP (the others are named by width beside it). */
    coverPath: text('cover_path'),
    /** Alt text of the cover per language: `{ en: '…', sw: '…' }`. */
    coverAlt: jsonb('cover_alt').$type<Partial<Record<Locale, string>>>().notNull().default({}),
    /** The editor who wrote it. */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    state: text('state').$type<ArticleState>().notNull().default('draft'),
    /** When a scheduled article is published (publishDueArticles). */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    /** When it was first published; readers' lists are ordered by it. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Optimistic lock: every change adds one; an update naming an older version is refused. */
    version: integer('version').notNull().default(1),
    /** Marks demo data (npm run db:seed). */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('articles_slug_uq').on(t.slug),
    index('articles_published_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.state} = 'published'`),
    index('articles_category_published_idx')
      .on(t.category, t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.state} = 'published'`),
    index('articles_state_idx').on(t.state, t.updatedAt.desc(), t.id),
    index('articles_due_idx')
      .on(t.publishAt)
      .where(sql`${t.state} = 'scheduled'`),
    check('articles_category_ck', sql`category in ('market_news', 'advice', 'policy', 'mavuno_news', 'page')`),
    check('articles_state_ck', sql`state in ('draft', 'scheduled', 'published', 'unpublished')`),
    check('articles_scheduled_ck', sql`state <> 'scheduled' or publish_at is not null`),
  ],
);

/** One language's version of an article: title, summary and Markdown body. */
export const articleTranslations = pgTable(
  'article_translations',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    locale: text('locale').$type<Locale>().notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.locale] }),
    check('article_translations_locale_ck', sql`locale in ('en', 'sw', 'fr')`),
  ],
);

/** Lot categories an article is about (any lot kind: categories are numbered per kind). */
export const articleCategories = pgTable(
  'article_lot_categories',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    categoryKind: text('category_kind').$type<CategoryKind>().notNull(),
    categoryId: integer('category_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.categoryKind, t.categoryId] }),
    foreignKey({
      name: 'article_lot_categories_category_fk',
      columns: [t.categoryKind, t.categoryId],
      foreignColumns: [categories.kind, categories.id],
    }),
    index('article_lot_categories_category_idx').on(t.categoryKind, t.categoryId),
  ],
);

/**
 * Every change of an article, who made it and when, with a full snapshot (article, translations, related
 * categories) from which it can be restored.
 */
export const articleRevisions = pgTable(
  'article_revisions',
  {
    id: serial('id').primaryKey(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    editorId: integer('editor_id').references(() => users.id, { onDelete: 'set null' }),
    /** What the change was: `create`, `update`, `state`, `restore`, `publish_due`. */
    action: text('action').notNull(),
    /** The fields changed (`title.sw`, `body.en`, `state`, `cover`, …). */
    changes: text('changes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The article's version after the change. */
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('article_revisions_article_idx').on(t.articleId, t.id.desc())],
);
