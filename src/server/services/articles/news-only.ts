import { ne } from 'drizzle-orm';
import { PAGE_CATEGORY } from '~/features/articles/constants';
import { articles } from '~/server/db/schema';

/**
 * The condition every news list and news page adds: the site's own pages (FAQ, terms, privacy — category `page`,
 * src/server/services/content/) are articles too, but never news (not in /article, feeds, sitemaps' article part).
 */
export const isNewsArticle = ne(articles.category, PAGE_CATEGORY);
