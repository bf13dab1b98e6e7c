import { currencyOfCountry } from '~/features/accounts/currency-of-country';

/**
 * Which currency a visitor reads prices in, beside the lot's own (docs/lots.md "Prices in the reader's currency").
 * Pure and cheap: the render cache keys anonymous pages by its answer (src/server/cache/page-cache.ts), and the
 * middleware gives pages the same answer, so a page stored for one reader currency is only ever served to readers
 * of that currency.
 */

/** The cookie holding the display currency a visitor chose in the footer (`/currency?to=XOF`), or `none`. */
export const DISPLAY_CURRENCY_COOKIE = 'display_currency';
export const DISPLAY_CURRENCY_MAX_AGE = 365 * 24 * 60 * 60;
/** The footer's choice of "only the seller's currency". */
export const NO_DISPLAY_CURRENCY = 'none';

/** A currency code as a cookie or a query may carry it: three letters, upper-cased (whether it is active is the page's business). */
export function readCurrencyCode(value: string | null | undefined): string | null {
  const code = value?.trim().toUpperCase();
  return code && /^[A-Z]{3}$/.test(code) ? code : null;
}

/**
 * The region of each language range of an Accept-Language header, best first (`fr-CI;q=0.9` → CI). Ranges
 * without a region (`fr`, `sw`) name no country and are skipped.
 */
function regionsOf(acceptLanguage: string): string[] {
  return acceptLanguage
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      const region = /^[a-z]{2,3}[-_](?:[a-z]{4}[-_])?([a-z]{2})$/i.exec(range.trim())?.[1];
      return { region: region?.toUpperCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry): entry is { region: string; quality: number; index: number } => !!entry.region && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.region);
}

/**
 * A visitor's reader currency: the footer's choice (the cookie: a code, or `none` for no approximation), else the
 * currency of the first country the browser's languages name (`fr-CI` → XOF, `sw-TZ` → TZS, `fr-FR` → EUR) when
 * Mavuno trades in it, else none. A language alone names no country — French is spoken from Dakar (XOF) to Douala
 * (XAF) and Kinshasa, Swahili in Kenya and Tanzania, English everywhere — so `fr`, `sw` or `en` show no
 * approximation rather than a guess; `en-US` neither (Mavuno does not trade in US dollars' country: the default
 * locale of many phones, not where their owner buys).
 */
export function visitorCurrency(
  chosen: string | null | undefined,
  acceptLanguage: string | null | undefined,
): string | null {
  if (chosen !== undefined && chosen !== null && chosen !== '') {
    if (chosen.trim().toLowerCase() === NO_DISPLAY_CURRENCY) return null;
    const code = readCurrencyCode(chosen);
    if (code) return code;
  }
  for (const region of regionsOf(acceptLanguage ?? '')) {
    const code = currencyOfCountry(region);
    if (code) return code;
  }
  return null;
}
