import { notFoundAsUndefined } from './not-found';
import type { AstroGlobal } from 'astro';
import type { BookedRange } from '~/features/deals/booking-days';
import { isOnMarket, type LotKind } from '~/features/lots/constants';
import { parseId } from '~/features/validation/fields';
import { type Executor, getDb } from '~/server/db';
import { formTokenFor } from '~/server/http/form-token';
import { listAddresses } from '~/server/services/accounts/addresses';
import type { SessionUser } from '~/server/services/accounts/users';
import { listBookedRanges } from '~/server/services/deals/bookings';
import { getLot, listRelatedLots } from '~/server/services/lots/get-lot';
import type { LotItem } from '~/server/services/lots/lot-item';
import { readSellerContact } from '~/server/services/profiles/read-seller-contact';
import { type LotPricePosition, readLotPricePosition } from '~/server/services/statistics/read-lot-price-position';
import { type BadgeMaps, listVerificationBadges } from '~/server/services/verification/list-verification-badges';

type PageContext = Pick<AstroGlobal, 'params' | 'locals' | 'response' | 'cookies'>;

export interface LotPageData {
  lot: LotItem;
  /** Other active lots of the same category, newest first. */
  related: LotItem[];
  /** Days taken by approved bookings, for a machine for rent on the market; undefined for other lots. */
  booked: BookedRange[] | undefined;
  /** May the visitor make an offer (signed in, not theirs, on the market)? */
  canOffer: boolean;
  /** The visitor's first address placed on the map, where an offer's delivery distance is measured to. */
  offerPoint: { latitude: number; longitude: number } | null;
  /**
   * The form token of "Chat with the seller" (a plain form posting to /chat, src/server/loaders/chat.ts) for a
   * signed-in visitor who does not own the lot; null otherwise (an anonymous page sets no cookie).
   */
  chatToken: string | null;
  /**
   * The form token of the moderation forms (docs/backoffice.md "Moderation"): "Report this lot" for a signed-in
   * visitor who does not own it, the appeal of a hidden lot for its owner; null otherwise.
   */
  formToken: string | null;
  /** Active verifications of the lot's owner and of the related lots' owners, read in one query. */
  badges: BadgeMaps;
  /** A crop lot's price against its crop's recent traded median (region, else country); null with no deals. */
  pricePosition: LotPricePosition | null;
  /**
   * The seller's confirmed phone for "Call" and "WhatsApp the seller", when the seller allows signed-in members to
   * use it (readSellerContact); always null for a visitor and for the seller themself.
   */
  sellerContact: { phone: string } | null;
}

/** The member's first address placed on the map, where an offer's delivery distance is measured to (or null). */
export async function userPoint(db: Executor, user: SessionUser, locale: App.Locals['locale']) {
  const placed = (await listAddresses(db, user.id, locale)).find(
    (address) => address.latitude !== null && address.longitude !== null,
  );
  return placed ? { latitude: Number(placed.latitude), longitude: Number(placed.longitude) } : null;
}

/**
 * Everything a lot page (/board/{id}, /seed/{id}, /fertil/{id}, /agrotechnic/{id}) shows, read once: the lot as this
 * visitor may see it (getLot's rule), its related lots, its bookings and the visitor's map point. Undefined, with the
 * 404 status set, for an id that cannot be a lot, a missing lot or one hidden from them. Called from the page's own
 * frontmatter: once Astro starts streaming, the status and headers can no longer change.
 */
export async function loadLotPage(page: PageContext, kind: LotKind): Promise<LotPageData | undefined> {
  const { user, locale } = page.locals;
  const id = parseId(page.params.id ?? '');
  const db = await getDb();
  const lot = id === undefined ? undefined : await notFoundAsUndefined(getLot(db, kind, id, user, locale));
  if (!lot) {
    page.response.status = 404;
    // The 404's "Go back" link follows the Referer: not an answer a shared cache may keep.
    page.response.headers.set('Cache-Control', 'private, no-cache');
    return undefined;
  }
  const canOffer = user !== null && !lot.is_own && isOnMarket(lot.status);
  const [related, booked, offerPoint, pricePosition, sellerContact] = await Promise.all([
    listRelatedLots(db, lot, user, locale),
    lot.kind === 'technic' && lot.type === 'rent'
      ? // A lot off the market (its owner's view) has no calendar to show.
        notFoundAsUndefined(listBookedRanges(db, lot.id)).then((ranges) =>
          ranges?.map((range) => ({
            date_from: String(range.date_from),
            date_to: String(range.date_to),
            hour_from: range.hour_from ?? null,
            hour_to: range.hour_to ?? null,
          })),
        )
      : undefined,
    canOffer ? userPoint(db, user, locale) : null,
    lot.kind === 'board' ? readLotPricePosition(db, lot) : null,
    readSellerContact(db, lot.user.id, user),
  ]);
  const chatToken = user !== null && !lot.is_own ? formTokenFor(page.cookies) : null;
  const formToken = user !== null && (!lot.is_own || lot.moderation !== null) ? formTokenFor(page.cookies) : null;
  const badges = await listVerificationBadges(db, { userIds: [lot.user.id, ...related.map((item) => item.user.id)] });
  return { lot, related, booked, canOffer, offerPoint, chatToken, formToken, badges, pricePosition, sellerContact };
}
