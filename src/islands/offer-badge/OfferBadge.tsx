import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { pluralKey } from '~/i18n/plural';
import { $offerCount, seedOfferCount } from '~/stores/offer-count';
import Icon from '~/islands/lib/Icon';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';

export interface OfferBadgeProps {
  /** The count the page was rendered with (countOffersWaiting). */
  initialCount: number;
  /** The localized address of the offers list. */
  href: string;
  /**
   * `icon`: the header's offers button (from the small-tablet width up). `count`: the number inside an
   * "Offers" menu line (drawer, account menu). `dot`: the number on the account button of a phone's header,
   * where there is no room for the offers button.
   */
  variant: 'icon' | 'count' | 'dot';
  /** BCP 47 locale of the page's numbers (LOCALE_META[locale].intl). */
  intlLocale: string;
  /** nav.offers, deal.badge_one, deal.badge_other. */
  messages: Messages;
}

/** More than this reads "99+": the badge stays one small pill. */
const MAX_SHOWN = 99;

/**
 * The number of offers waiting for the user, wherever the header shows it. Rendered on the server with the
 * page's count (right without JavaScript); once hydrated it follows the polled store, so every copy on the page
 * changes together.
 */
export default function OfferBadge({ initialCount, href, variant, intlLocale, messages }: OfferBadgeProps) {
  const t = createClientTranslator(messages);
  const stored = useStore($offerCount);
  useEffect(() => seedOfferCount(initialCount), [initialCount]);

  const count = stored ?? initialCount;
  const numbers = new Intl.NumberFormat(intlLocale);
  const shown = count > MAX_SHOWN ? `${numbers.format(MAX_SHOWN)}+` : numbers.format(count);
  const waiting = t(pluralKey(count, intlLocale, { one: 'deal.badge_one', other: 'deal.badge_other' }), {
    count: shown,
  });
  const name = t('nav.offers');
  const pill = (className: string) => (
    <span
      className={`badge badge-sm badge-error min-w-5 px-1 font-semibold ${className}`}
      aria-hidden="true"
      data-testid="offer-badge"
    >
      {shown}
    </span>
  );

  if (variant === 'icon') {
    return (
      <a
        href={href}
        className="btn btn-square btn-ghost relative hidden sm:inline-flex"
        aria-label={count > 0 ? waiting : name}
        title={count > 0 ? waiting : name}
        data-testid="header-offers"
      >
        <Icon name="offers" className="h-6 w-6" />
        {count > 0 && pill('absolute -right-0.5 -top-0.5')}
      </a>
    );
  }
  if (count === 0) return null;
  if (variant === 'dot') {
    // Inside the account button's summary, which already names the menu: the count is said, the pill is seen.
    return (
      <>
        {pill('absolute -bottom-2 -right-2.5 sm:hidden')}
        <span className="sr-only sm:hidden">({waiting})</span>
      </>
    );
  }
  return (
    <>
      {pill('')}
      <span className="sr-only">({waiting})</span>
    </>
  );
}
