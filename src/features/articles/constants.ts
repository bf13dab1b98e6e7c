import type { MessageKey } from '~/i18n/t';

/** Articles vocabulary shared by the server, the pages and the editors' desk (docs/articles.md). */

export const ARTICLE_CATEGORIES = ['market_news', 'advice', 'policy', 'mavuno_news'] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];

/**
 * The category of the site's own pages (FAQ, terms, privacy, wallet help): stored as articles so editors change
 * them on the desk with revisions, never listed with the news (docs/articles.md "FAQ and legal pages").
 */
export const PAGE_CATEGORY = 'page';
export type StoredArticleCategory = ArticleCategory | typeof PAGE_CATEGORY;

export function isNewsCategory(category: StoredArticleCategory): category is ArticleCategory {
  return category !== PAGE_CATEGORY;
}

/** draft → scheduled (publish_at) → published → unpublished; see ARTICLE_TRANSITIONS. */
export const ARTICLE_STATES = ['draft', 'scheduled', 'published', 'unpublished'] as const;
export type ArticleState = (typeof ARTICLE_STATES)[number];

/** The states an article may move to from each state (a schedule in the past publishes at once). */
export const ARTICLE_TRANSITIONS: Record<ArticleState, readonly ArticleState[]> = {
  draft: ['scheduled', 'published'],
  scheduled: ['draft', 'scheduled', 'published'],
  published: ['unpublished'],
  unpublished: ['draft', 'scheduled', 'published'],
};

/** Articles a page of /article and of `GET /article/index/` shows by default. */
export const ARTICLES_PER_PAGE = 12;
export const ARTICLES_MAX_PER_PAGE = 50;
/** "Other news" beside an article. */
export const OTHER_NEWS_COUNT = 4;
/** The newest articles the home page shows. */
export const HOME_ARTICLES = 3;

export const ARTICLE_SLUG_MAX = 120;
export const ARTICLE_TITLE_MAX = 200;
export const ARTICLE_SUMMARY_MAX = 500;
/** Markdown of one language's body, in characters (the renderer refuses more). */
export const ARTICLE_BODY_MAX = 100_000;
export const ARTICLE_TAGS_MAX = 12;
export const ARTICLE_TAG_MAX = 40;
export const ARTICLE_ALT_MAX = 200;
export const ARTICLE_RELATED_MAX = 12;
/** Words read per minute, for the reading time shown on an article. */
export const READING_WORDS_PER_MINUTE = 200;

export const ARTICLE_CATEGORY_LABEL: Record<ArticleCategory, MessageKey> = {
  market_news: 'articles.category.market_news',
  advice: 'articles.category.advice',
  policy: 'articles.category.policy',
  mavuno_news: 'articles.category.mavuno_news',
};

export const ARTICLE_STATE_LABEL: Record<ArticleState, MessageKey> = {
  draft: 'articles.state.draft',
  scheduled: 'articles.state.scheduled',
  published: 'articles.state.published',
  unpublished: 'articles.state.unpublished',
};

/** Widths a cover (and an image in a body) is stored at, as WebP: phones get the small one through srcset. */
export const ARTICLE_IMAGE_WIDTHS = [480, 800, 1200] as const;
export const ARTICLE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
