import type { RatedCurrency, ReaderMoney } from '~/features/money/approximate-price';
import { NO_DISPLAY_CURRENCY, readCurrencyCode, visitorCurrency } from '~/features/money/reader-currency';
import type { Locale } from '~/i18n/config';
import { memoize } from '~/server/cache/memo';
import { getDb } from '~/server/db';
import type { SessionUser } from '~/server/services/accounts/users';
import { listCurrencies } from '~/server/services/reference/list-currencies';

const MINUTE = 60_000;

export interface ReaderMoneyRequest {
  user: SessionUser | null;
  locale: Locale;
  /** The display-currency cookie (DISPLAY_CURRENCY_COOKIE), for a visitor. */
  cookie: string | undefined;
  acceptLanguage: string | null;
}

/**
 * The reader's currency and the rates a page converts its prices with (docs/lots.md "Prices in the reader's
 * currency"), read once per request by the middleware into `Astro.locals.money`: any page may show a price (cards,
 * deals, the footer's chooser). The rates come from a per-process memo of the currencies list (a minute; the back
 * office's rate changes drop it: forgetReferenceCaches), so a page costs no query for them.
 *
 * A member reads prices in their profile's currency (`users.currency_id`); a visitor in the one their footer choice
 * or browser languages name (visitorCurrency: the rule the render cache keys anonymous pages by). A currency without
 * a rate, or inactive, gives none.
 */
export async function loadReaderMoney({
  user,
  locale,
  cookie,
  acceptLanguage,
}: ReaderMoneyRequest): Promise<ReaderMoney> {
  const currencies = await memoize(`reader-money:currencies:${locale}`, MINUTE, async () =>
    listCurrencies(await getDb(), locale),
  );
  const rates: Record<string, RatedCurrency> = {};
  const choices: ReaderMoney['choices'] = [];
  let profile: string | undefined;
  for (const currency of currencies) {
    if (user && currency.id === user.currencyId) profile = currency.code;
    const perUsd = Number(currency.per_usd);
    if (!(perUsd > 0) || !currency.rate_date) continue;
    rates[currency.code] = {
      code: currency.code,
      decimals: currency.decimals,
      per_usd: perUsd,
      rate_date: String(currency.rate_date),
    };
    choices.push({ code: currency.code, name: currency.name });
  }
  if (user) return { reader: (profile && rates[profile]) || null, rates, choices, source: 'profile' };
  const code = visitorCurrency(cookie, acceptLanguage);
  const chose =
    cookie !== undefined && (cookie.trim().toLowerCase() === NO_DISPLAY_CURRENCY || !!readCurrencyCode(cookie));
  return {
    reader: (code && rates[code]) || null,
    rates,
    choices,
    source: chose ? 'chosen' : code ? 'browser' : null,
  };
}
