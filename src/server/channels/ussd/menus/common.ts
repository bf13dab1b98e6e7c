import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { formatMoney, formatNumber } from '~/i18n/format';
import type { Locale } from '~/i18n/config';
import type { Translate } from '~/i18n/t';
import type { Executor } from '~/server/db';
import { localizedColumn } from '~/server/db/localized';
import { addresses, categories, currencies } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { toSessionUser, type SessionUser, type UserRow } from '~/server/services/accounts/users';
import type { Next, UssdContext } from '../types';

/** An amount as every page writes it (formatMoney: the one money formatter), GSM-7 on the screen. */
export const moneyText = formatMoney;

/** A quantity in the caller's language (1,5 in French), at most two decimals. */
export const quantityText = (value: number, locale: Locale) =>
  formatNumber(value, locale, { maximumFractionDigits: 2 });

/** The member calling, as the services take them (the session id 0: USSD has no web session). */
export function callerAsUser(ctx: UssdContext): SessionUser {
  if (!ctx.member) throw new AppError('unauthorized', 'errors.unauthorized');
  return toSessionUser(ctx.member, 0);
}

/** The text of a service's refusal in the caller's language: its first field's message, else its own. */
export function errorText(t: Translate, error: AppError): string {
  const first = error.fields ? Object.values(error.fields)[0]?.[0] : undefined;
  if (first && error.messageKey === 'errors.validation_failed') return t(first.key, first.vars);
  return t(error.messageKey, error.vars);
}

/** Runs a change; a refusal (AppError) becomes a screen with the refusal's words, from which `0` goes back. */
export async function refusalAsScreen(ctx: UssdContext, work: () => Promise<Next>): Promise<Next> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { replace: { s: 'message', p: { text: errorText(ctx.t, error) } } };
  }
}

/** The crops a farmer trades: the board's crops (not their groups), in the editorial order. */
export async function listCrops(db: Executor, locale: Locale) {
  const rows = await db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      name: localizedColumn(categories, 'name', locale),
    })
    .from(categories)
    .where(and(eq(categories.kind, 'board'), isNull(categories.retiredAt)))
    .orderBy(asc(categories.sortOrder), asc(categories.id));
  const parents = new Set(rows.map((row) => row.parentId).filter((id) => id !== null));
  return rows.filter((row) => !parents.has(row.id)).map(({ id, name }) => ({ id, name }));
}

/** A crop's name in the caller's language. */
export async function cropName(db: Executor, id: number, locale: Locale): Promise<string> {
  const [row] = await db
    .select({ name: localizedColumn(categories, 'name', locale) })
    .from(categories)
    .where(eq(categories.id, id));
  if (!row) throw new AppError('not_found', 'errors.not_found');
  return row.name;
}

export async function currencyOf(db: Executor, id: number) {
  const [row] = await db
    .select({ id: currencies.id, code: currencies.code, decimals: currencies.decimals })
    .from(currencies)
    .where(eq(currencies.id, id));
  if (!row) throw new AppError('not_found', 'errors.not_found');
  return { ...row, code: row.code.trim() };
}

/** The member's farm: the first of their addresses that names a village, else the first with a region. */
export async function memberPlace(db: Executor, member: UserRow) {
  const [row] = await db
    .select({ countryId: addresses.countryId, regionId: addresses.regionId, villageId: addresses.villageId })
    .from(addresses)
    .where(eq(addresses.userId, member.id))
    .orderBy(sql`(${addresses.villageId} is null)`, sql`(${addresses.regionId} is null)`, asc(addresses.id))
    .limit(1);
  return row ?? { countryId: member.countryId, regionId: null, villageId: null };
}

/** A lot's currency as moneyText takes it. */
export const lotCurrency = (lot: { currency: string; decimals: number }) => ({
  code: lot.currency.trim(),
  decimals: lot.decimals,
});
