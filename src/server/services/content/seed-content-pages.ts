import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { PAGE_CATEGORY } from '~/features/articles/constants';
import { CONTENT_PAGE_SLUGS } from '~/features/content/pages';
import { LOCALES, type Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { articles, articleTranslations } from '~/server/db/schema';
import { recordArticleRevision } from '~/server/services/articles/record-article-revision';

/** Where the first texts of the site's pages are kept: src/content/pages/<locale>/<slug>.md (front matter + Markdown). */
export const CONTENT_PAGES_DIR = path.resolve(process.cwd(), 'src/content/pages');

interface PageFile {
  title: string;
  description: string;
  updated: Date | undefined;
  body: string;
}

/** A page file's front matter (`title`, `description`, `updated`: one `key: value` a line) and its Markdown. */
export function readPageFile(text: string): PageFile {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  const meta: Record<string, string> = {};
  for (const line of (match?.[1] ?? '').split(/\r?\n/)) {
    const pair = /^(\w+):\s*(.*)$/.exec(line);
    if (pair) meta[pair[1]] = pair[2].replace(/^(['"])(.*)\1$/, '$2').trim();
  }
  const updated = meta.updated ? new Date(meta.updated) : undefined;
  return {
    title: meta.title ?? '',
    description: meta.description ?? '',
    updated: updated && !Number.isNaN(updated.getTime()) ? updated : undefined,
    body: (match?.[2] ?? text).trim(),
  };
}

/**
 * Makes the site's pages (FAQ, terms, privacy, wallet help) articles of category `page`, once: a page already in
 * the database is left as editors made it. Each new page gets its languages from the files and a first revision
 * (by no one: `create`, `seeded`). Runs at every start (src/server/db/seed/index.ts), so it is idempotent.
 */
export async function seedContentPages(db: Executor, dir = CONTENT_PAGES_DIR): Promise<{ created: string[] }> {
  const existing = await db
    .select({ slug: articles.slug })
    .from(articles)
    .where(inArray(articles.slug, [...CONTENT_PAGE_SLUGS]));
  const created: string[] = [];
  for (const slug of CONTENT_PAGE_SLUGS) {
    if (existing.some((row) => row.slug === slug)) continue;
    const files = LOCALES.flatMap((locale) => {
      const file = path.join(dir, locale, `${slug}.md`);
      return existsSync(file) ? [{ locale, ...readPageFile(readFileSync(file, 'utf8')) }] : [];
    }).filter((file) => file.title);
    if (files.length === 0) continue;
    const updated = files.find((file) => file.updated)?.updated ?? new Date();
    const [row] = await db
      .insert(articles)
      .values({ slug, category: PAGE_CATEGORY, state: 'published', publishedAt: updated, updatedAt: updated })
      .onConflictDoNothing({ target: articles.slug })
      .returning({ id: articles.id });
    if (!row) continue;
    await db.insert(articleTranslations).values(
      files.map((file) => ({
        articleId: row.id,
        locale: file.locale as Locale,
        title: file.title,
        summary: file.description,
        body: file.body,
      })),
    );
    await recordArticleRevision(db, row.id, null, 'create', ['seeded']);
    created.push(slug);
  }
  return { created };
}
