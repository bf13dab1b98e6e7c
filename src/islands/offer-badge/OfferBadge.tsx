import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import CountBadge, { type CountBadgeVariant } from '~/islands/lib/CountBadge';
import type { Messages } from '~/islands/lib/i18n';
import { $offerCount, seedOfferCount } from '~/stores/offer-count';

export interface OfferBadgeProps {
  /** The count the page was rendered with (countOffersWaiting). */
  initialCount: number;
  /** The localized address of the offers list. */
  href: string;
  variant: CountBadgeVariant;
  intlLocale: string;
  /** nav.offers, deal.badge_one, deal.badge_other. */
  messages: Messages;
}

const KEYS = { name: 'nav.offers', one: 'deal.badge_one', other: 'deal.badge_other' };
const TEST_IDS = { pill: 'offer-badge', button: 'header-offers' };

/** The number of offers waiting for the user, wherever the header shows it; follows the polled store. */
export default function OfferBadge({ initialCount, ...props }: OfferBadgeProps) {
  const stored = useStore($offerCount);
  useEffect(() => seedOfferCount(initialCount), [initialCount]);
  return (
    <CountBadge
      {...props}
      count={stored ?? initialCount}
      keys={KEYS}
      icon="offers"
      testIds={TEST_IDS}
      dotSide="right"
    />
  );
}
