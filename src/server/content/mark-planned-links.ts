import { findPlannedRoute } from '~/features/site/planned-routes';
import type { Locale } from '~/i18n/config';
import { splitLocale } from '~/i18n/paths';
import { createTranslator } from '~/i18n/t';

/**
 * In HTML from renderMarkdown: a link to one of our routes that is still "coming soon"
 * (src/features/site/planned-routes.ts) becomes its words with a "coming soon" mark, as in the menus, so a page
 * never leads to a dead end; once the route is built (its entry deleted) the link is live again by itself.
 */
export function markPlannedLinks(html: string, locale: Locale): string {
  const t = createTranslator(locale);
  return html.replace(/<a href="(\/[^"]*)"[^>]*>([\s\S]*?)<\/a>/g, (whole, href: string, inner: string) => {
    const path = splitLocale(href.replace(/[?#].*$/, '')).path;
    if (!findPlannedRoute(path)) return whole;
    return `<span data-planned="">${inner} <span class="badge badge-outline badge-sm whitespace-nowrap">${t('soon.badge')}</span></span>`;
  });
}
