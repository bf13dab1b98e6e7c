import { useCallback, useEffect, useState } from 'react';
import { apiGet } from '~/stores/api';
import type { BookedRange } from '~/features/deals/booking-days';

export type BookedState =
  { status: 'idle' | 'loading' | 'failed'; items: BookedRange[] } | { status: 'ready'; items: BookedRange[] };

/**
 * The taken ranges of a machine (GET /offer/bookings), read when the dialog first opens and again on each
 * reopening, so a booking approved meanwhile shows. A failure leaves the calendar usable: the server still
 * refuses taken dates.
 */
export function useBookedRanges(lotId: number, enabled: boolean) {
  const [state, setState] = useState<BookedState>({ status: 'idle', items: [] });

  const load = useCallback(async () => {
    setState((previous) => ({ status: 'loading', items: previous.items }));
    const result = await apiGet<{ items: BookedRange[] }>(`/offer/bookings?order_id=${lotId}`);
    setState(
      result.ok
        ? { status: 'ready', items: result.data.items }
        : (previous) => ({ status: 'failed', items: previous.items }),
    );
  }, [lotId]);

  useEffect(() => {
    if (enabled) void load();
  }, [enabled, load]);

  return { ...state, reload: load };
}
