import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { USER_ITEMS_LIMIT, type LotKind } from '~/features/lots/constants';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { lots } from '~/server/db/schema';
import { holds } from '~/features/admin/capabilities';
import { AppError } from '~/server/errors';
import type { SessionUser } from '~/server/services/accounts/users';
import { type LotItem, isLotOnMarket, itemsOf, onMarket, selectLots } from './lot-item';

/**
 * `GET /{kind}/view?id=`: a lot on the market (active or in process, not hidden by a moderator, of a member not
 * blocked) for anyone, any lot for its owner; otherwise 404 (docs/backoffice.md "Moderation").
 */
export async function getLot(
  db: Executor,
  kind: LotKind,
  id: number,
  viewer: SessionUser | null,
  locale: Locale,
): Promise<LotItem> {
  const [row] = await selectLots(db, viewer).where(and(eq(lots.id, id), eq(lots.kind, kind)));
  // Off the market: its owner sees it; so do moderators a hidden lot (to judge its appeal; docs/backoffice.md).
  const mayView =
    row &&
    (isLotOnMarket(row.lot) || row.lot.userId === viewer?.id || (row.lot.hiddenAt && holds(viewer, 'moderation')));
  if (!row || !mayView) throw new AppError('not_found', 'lots.not_found');
  return (await itemsOf(db, [row], viewer, locale))[0];
}

/** Related lots: active lots of the same category, newest first, the lot itself left out. */
export async function listRelatedLots(
  db: Executor,
  lot: Pick<LotItem, 'id' | 'kind' | 'category_id'>,
  viewer: SessionUser | null,
  locale: Locale,
  limit = 4,
): Promise<LotItem[]> {
  const rows = await selectLots(db, viewer)
    .where(and(eq(lots.kind, lot.kind), onMarket(), eq(lots.categoryId, lot.category_id), ne(lots.id, lot.id)))
    .orderBy(desc(lots.createdAt))
    .limit(limit);
  return itemsOf(db, rows, viewer, locale);
}

/** `GET /{kind}/get-random-items`: a few active lots for a home page or a teaser. */
export async function listRandomLots(
  db: Executor,
  kind: LotKind,
  viewer: SessionUser | null,
  locale: Locale,
  limit = 8,
): Promise<LotItem[]> {
  // Random among the newest 200: cheap on a large table, and fresh.
  const recent = db
    .select({ id: lots.id })
    .from(lots)
    .where(and(eq(lots.kind, kind), onMarket()))
    .orderBy(desc(lots.createdAt))
    .limit(200)
    .as('recent');
  const rows = await selectLots(db, viewer)
    .where(sql`${lots.id} in (select id from ${recent})`)
    .orderBy(sql`random()`)
    .limit(limit);
  return itemsOf(db, rows, viewer, locale);
}

/** `GET /{kind}/user-items?user_id=`: a user's active lots for the public profile (at most 50, no pagination). */
export async function listUserLots(
  db: Executor,
  kind: LotKind,
  userId: number,
  viewer: SessionUser | null,
  locale: Locale,
): Promise<LotItem[]> {
  const rows = await selectLots(db, viewer)
    .where(and(eq(lots.kind, kind), eq(lots.userId, userId), onMarket()))
    .orderBy(desc(lots.createdAt))
    .limit(USER_ITEMS_LIMIT);
  return itemsOf(db, rows, viewer, locale);
}
