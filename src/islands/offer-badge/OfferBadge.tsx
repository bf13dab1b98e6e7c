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
  /** nav.offers, deal.badge (pickMessages). */
  messages: Messages;
}

const KEYS = { name: 'nav.offers', count: 'deal.badge' };
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
