import { ORDER_TYPES, type OrderType } from '~/features/deals/constants';
import type { DealRole } from '~/features/deals/state-machine';
import { parseId } from '~/features/validation/fields';
import { pageParam } from '~/features/site/page-param';

/**
 * The choice of the offers list, read from its address: one lot's offers (`order_id` + `order_type`, both or
 * neither), one role (`role=buyer|seller`), and the page. Anything unreadable counts as not given, so a stale or
 * hand-typed link still shows a list rather than an error.
 */
export interface OfferFilter {
  lot?: { order_id: number; order_type: OrderType };
  role?: DealRole;
  page: number;
}

export function readOfferFilter(url: URL): OfferFilter {
  const params = url.searchParams;
  const id = parseId(params.get('order_id'));
  const type = params.get('order_type') ?? '';
  const lot =
    id !== undefined && (ORDER_TYPES as readonly string[]).includes(type)
      ? { order_id: id, order_type: type as OrderType }
      : undefined;
  const roleParam = params.get('role');
  const role = roleParam === 'buyer' || roleParam === 'seller' ? roleParam : undefined;
  return { lot, role, page: pageParam(url) };
}

/** The address of the list for a filter (the localized `path` of /user/offers); page 1 stays out of it. */
export function offersHref(path: string, filter: OfferFilter): string {
  const params = new URLSearchParams();
  if (filter.lot) {
    params.set('order_id', String(filter.lot.order_id));
    params.set('order_type', filter.lot.order_type);
  }
  if (filter.role) params.set('role', filter.role);
  if (filter.page > 1) params.set('page', String(filter.page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
