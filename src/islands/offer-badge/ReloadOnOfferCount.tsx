import { useEffect } from 'react';
import { $offerCount, seedOfferCount } from '~/stores/offer-count';

interface Props {
  /** The count of waiting offers the list was rendered with. */
  initialCount: number;
}

/**
 * On a server-rendered list of offers: when the polled count of offers waiting for the user changes (a new
 * offer came in, the other party answered), the list is stale, so the page reloads. Renders nothing.
 */
export default function ReloadOnOfferCount({ initialCount }: Props) {
  useEffect(() => {
    seedOfferCount(initialCount);
    let known = $offerCount.get() ?? initialCount;
    // listen (not subscribe): no call for the current value, only for changes; listening also starts the polling.
    return $offerCount.listen((count) => {
      if (count === null || count === known) return;
      known = count;
      window.location.reload();
    });
  }, [initialCount]);
  return null;
}
