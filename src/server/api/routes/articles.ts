import { Hono } from 'hono';
import { z } from 'zod';
import {
  articleCreateSchema,
  articleImageSchema,
  articleListQuery,
  articlePreviewSchema,
  articleRestoreSchema,
  articleStateSchema,
  articleUpdateSchema,
  articleViewQuery,
  deskListQuery,
  otherNewsQuery,
} from '~/features/articles/schemas';
import { requiredInt } from '~/features/validation/fields';
import type { MessageKey } from '~/i18n/t';
import type { ApiContext, ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';
import { parseInput } from '~/server/api/validate';
import { renderMarkdown } from '~/server/content/render-markdown';
import { getDb } from '~/server/db';
import { changeArticleState } from '~/server/services/articles/change-article-state';
import { createArticle } from '~/server/services/articles/create-article';
import { listArticleRevisions } from '~/server/services/articles/list-article-revisions';
import { listArticlesForDesk } from '~/server/services/articles/list-articles-for-desk';
import { listOtherNews } from '~/server/services/articles/list-other-news';
import { listPublishedArticles } from '~/server/services/articles/list-published-articles';
import { readArticleForDesk } from '~/server/services/articles/read-article-for-desk';
import { readPublishedArticle } from '~/server/services/articles/read-published-article';
import { restoreArticleRevision } from '~/server/services/articles/restore-article-revision';
import { updateArticle } from '~/server/services/articles/update-article';
import { uploadArticleImage } from '~/server/services/articles/upload-article-image';

const TAG = 'Articles';
/** Published news is the same for every anonymous reader of a language: caches may keep it a little. */
const PUBLIC_CACHE = 'public, max-age=60';
const done = (c: ApiContext, key: MessageKey, extra: Record<string, unknown> = {}) => ({
  success: true,
  message: c.get('t')(key),
  ...extra,
});

/**
 * News articles (docs/articles.md): the readers' calls (`/article/index/`, `/article/view/`,
 * `/article/another-news/`, with or without the trailing slash) and the editors' desk calls (editor role;
 * administrators too; anyone else 403).
 */
export function articleRoutes() {
  const app = new Hono<ApiEnv>();

  endpoint(
    app,
    {
      method: 'get',
      path: '/article/index',
      tag: TAG,
      summary:
        'Published articles, newest first (page, per-page: 12 by default, category); each in your language or the best available one (`locale`, `is_fallback`)',
      query: articleListQuery,
      anonymousCache: PUBLIC_CACHE,
    },
    async (c, { query }) => {
      const page = await listPublishedArticles(await getDb(), {
        locale: c.get('locale'),
        page: query.page,
        perPage: query['per-page'],
        category: query.category,
      });
      return {
        items: page.items,
        _meta: {
          totalCount: page.total,
          pageCount: Math.ceil(page.total / page.perPage),
          currentPage: page.page,
          perPage: page.perPage,
        },
      };
    },
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/article/view',
      tag: TAG,
      summary:
        'One published article by id or slug: its body as sanitised HTML, reading time, languages; 404 for anything unpublished',
      query: articleViewQuery,
      anonymousCache: PUBLIC_CACHE,
    },
    async (c, { query }) => readPublishedArticle(await getDb(), query, c.get('locale')),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/article/another-news',
      tag: TAG,
      summary: 'Other news: the newest published articles other than the one with this slug',
      query: otherNewsQuery,
      anonymousCache: PUBLIC_CACHE,
    },
    async (c, { query }) => ({ items: await listOtherNews(await getDb(), query.slug, c.get('locale')) }),
  );

  // The editors' desk.

  endpoint(
    app,
    {
      method: 'get',
      path: '/article/desk-list',
      tag: TAG,
      summary:
        'Every article for the desk, last changed first (state, missing: a language it lacks, page, per-page), with its languages and the missing ones',
      auth: true,
      staff: 'content',
      query: deskListQuery,
    },
    async (c, { query, user }) => listArticlesForDesk(await getDb(), user, query, c.get('locale')),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/article/desk-view',
      tag: TAG,
      summary: 'One article in any state with every language, for editing (its `version` is what a save sends back)',
      auth: true,
      staff: 'content',
      query: z.object({ id: requiredInt() }),
    },
    async (_c, { query, user }) => readArticleForDesk(await getDb(), user, query.id),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/article/create',
      tag: TAG,
      summary:
        'A new draft: category, translations[en|sw|fr][title|summary|body] (one language at least), slug (else made from the title), cover_path, cover_alt, tags, related[i][kind|id]',
      auth: true,
      staff: 'content',
      body: articleCreateSchema,
    },
    async (c, { body, user }) => done(c, 'articles.created', await createArticle(await getDb(), user, body)),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/article/update',
      tag: TAG,
      summary:
        'Save the fields sent (id, version and any create field); a language with a blank title and body is removed. 409 articles.version_conflict when someone saved since `version`',
      auth: true,
      staff: 'content',
      body: articleUpdateSchema,
    },
    async (c, { body, user }) => done(c, 'articles.saved', await updateArticle(await getDb(), user, body)),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/article/change-state',
      tag: TAG,
      summary:
        'Move an article: draft, scheduled (publish_at; a time already past publishes now), published, unpublished. 409 for a move not allowed',
      auth: true,
      staff: 'content',
      body: articleStateSchema,
    },
    async (c, { body, user }) => done(c, 'articles.state_changed', await changeArticleState(await getDb(), user, body)),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/article/revisions',
      tag: TAG,
      summary: 'An article’s revisions, newest first: who, when, what changed, and the full snapshot',
      auth: true,
      staff: 'content',
      query: z.object({ id: requiredInt() }),
    },
    async (_c, { query, user }) => listArticleRevisions(await getDb(), user, query.id),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/article/restore-revision',
      tag: TAG,
      summary:
        'Bring an article’s content back to a revision (id, revision_id, version); its state stays. Recorded as a new revision',
      auth: true,
      staff: 'content',
      body: articleRestoreSchema,
    },
    async (c, { body, user }) => done(c, 'articles.restored', await restoreArticleRevision(await getDb(), user, body)),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/article/preview',
      tag: TAG,
      summary: 'Markdown → the sanitised HTML readers will get (body; at most 100,000 characters)',
      auth: true,
      staff: 'content',
      body: articlePreviewSchema,
    },
    async (_c, { body }) => renderMarkdown(body.body, body.locale),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/article/upload-image',
      tag: TAG,
      summary:
        'Store an image for an article (multipart: file — an image of at most 10 MB — and alt, required): re-encoded to WebP at 480, 800 and 1200 px. Answers path (for cover_path), url, srcset and the Markdown',
      auth: true,
      staff: 'content',
      body: z.object({}).passthrough(),
    },
    async (c, { raw, user }) => {
      const { alt } = parseInput(articleImageSchema, raw);
      return done(c, 'articles.image_uploaded', { ...(await uploadArticleImage(user, raw.file, alt)) });
    },
  );

  return app;
}
