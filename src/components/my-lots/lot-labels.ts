import { LOT_KINDS, type LotKind, type LotStatus } from '../../features/lots/constants';
import type { MessageKey, Translate } from '../../i18n/t';

/**
 * The vocabulary of the user's lot lists (My lots, Favourite lots): tab names, status colours and the lists'
 * query parameters. Tabs reuse the header menu's names so a kind reads the same in
 * the menu and here.
 */
export const KIND_TAB_LABEL: Record<LotKind, MessageKey> = {
  board: 'nav.agro_lots',
  seed: 'nav.seeds',
  fertilizer: 'nav.fertilizer',
  technic: 'nav.equipment',
};

/**
 * One colour per status (the names are components/lots/lot-labels.ts's LOT_STATUS_LABEL, shared with the lot
 * cards); the name is always written too, so colour is never the only sign.
 */
export const STATUS_BADGE: Record<LotStatus, string> = {
  active: 'badge-success',
  not_active: 'badge-warning',
  in_process: 'badge-info',
  success: 'badge-primary',
  closed: 'badge-neutral',
};

/** The `kind` query parameter of a list page, or undefined when it is missing or unknown. */
export function kindParam(url: URL): LotKind | undefined {
  const value = url.searchParams.get('kind');
  return (LOT_KINDS as readonly string[]).includes(value ?? '') ? (value as LotKind) : undefined;
}

/** The `page` query parameter: a whole number from 1, anything else is page 1. */
export function pageParam(url: URL): number {
  const value = Number(url.searchParams.get('page'));
  return Number.isInteger(value) && value >= 1 && value <= 100_000 ? value : 1;
}

/** The address of a list page for a kind and page (page 1 stays out of the address). */
export function listHref(path: string, kind: LotKind, page = 1): string {
  return page > 1 ? `${path}?kind=${kind}&page=${page}` : `${path}?kind=${kind}`;
}

/**
 * Exactly the messages an island shows, for its props. (messagesFor would add every validation and error
 * message, which the buttons of twelve rows would each carry in the page.)
 */
export function pickMessages(t: Translate, keys: MessageKey[]): Partial<Record<MessageKey, string>> {
  return Object.fromEntries(keys.map((key) => [key, t(key)]));
}
