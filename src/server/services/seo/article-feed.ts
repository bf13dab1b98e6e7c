import { ARTICLE_CATEGORY_LABEL } from '~/features/articles/constants';
import type { Locale } from '~/i18n/config';
import { localizePath } from '~/i18n/paths';
import { createTranslator } from '~/i18n/t';
import type { Executor } from '~/server/db';
import { listPublishedArticles } from '~/server/services/articles/list-published-articles';

/** Entries of a feed: the newest articles written in its language. */
export const FEED_ENTRIES = 20;

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The Atom feed of one language (`/article/feed.xml`, `/sw/article/feed.xml`, …): the newest published
 * articles that exist in that language (a feed reader subscribed in Swahili gets Swahili), newest first.
 */
export async function buildArticleFeed(db: Executor, site: string, locale: Locale): Promise<string> {
  const t = createTranslator(locale);
  const page = await listPublishedArticles(db, { locale, perPage: 50 });
  const entries = page.items.filter((item) => !item.is_fallback).slice(0, FEED_ENTRIES);
  const listUrl = site + localizePath('/article', locale);
  const selfUrl = site + localizePath('/article/feed.xml', locale);
  const updated = entries[0]?.published_at ?? new Date(0).toISOString();
  const body = entries
    .map((item) => {
      const url = site + localizePath(`/article/${item.slug}`, locale);
      return `<entry><id>${escapeXml(url)}</id><title>${escapeXml(item.title)}</title><link rel="alternate" type="text/html" href="${escapeXml(url)}"/><published>${item.published_at}</published><updated>${item.published_at}</updated><category term="${item.category}" label="${escapeXml(t(ARTICLE_CATEGORY_LABEL[item.category]))}"/><summary>${escapeXml(item.summary || item.title)}</summary></entry>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${locale}"><id>${escapeXml(selfUrl)}</id><title>${escapeXml(t('articles.feed_title'))}</title><link rel="self" type="application/atom+xml" href="${escapeXml(selfUrl)}"/><link rel="alternate" type="text/html" href="${escapeXml(listUrl)}"/><updated>${updated}</updated>${body}</feed>`;
}
