/**
 * The site's own pages that editors change on the desk (docs/articles.md "FAQ and legal pages"): each is an
 * article of category `page` whose slug is its route.
 */
export const CONTENT_PAGE_SLUGS = ['faq', 'terms-and-conditions', 'privacy-policy', 'wallet'] as const;
export type ContentPageSlug = (typeof CONTENT_PAGE_SLUGS)[number];

export function isContentPageSlug(value: unknown): value is ContentPageSlug {
  return typeof value === 'string' && (CONTENT_PAGE_SLUGS as readonly string[]).includes(value);
}

/** The longest FAQ search a reader may type (`/faq?q=`). */
export const FAQ_QUERY_MAX = 100;
