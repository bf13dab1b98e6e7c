import { formatMoney, formatNumber } from '~/i18n/format';
import type { Locale } from '~/i18n/config';
import type { Translate } from '~/i18n/t';
import type { Executor } from '~/server/db';
import { AppError } from '~/server/errors';
import { toSessionUser, type SessionUser } from '~/server/services/accounts/users';
import { type CategoryNode, getCategoryTree } from '~/server/services/reference/list-categories';
import { loadReferenceNames } from '~/server/services/reference/reference-names';
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

/** The crops a farmer trades: the board's crops (the leaves of its tree, not their groups), in the editorial order. */
export async function listCrops(db: Executor, locale: Locale): Promise<{ id: number; name: string }[]> {
  const leaves = (nodes: CategoryNode[]): CategoryNode[] =>
    nodes.flatMap((node) => (node.children?.length ? leaves(node.children) : [node]));
  return leaves(await getCategoryTree(db, 'board', locale)).map(({ id, name }) => ({ id, name }));
}

/** A crop's name in the caller's language, from the memoised reference names. */
export async function cropName(db: Executor, id: number, locale: Locale): Promise<string> {
  const name = (await loadReferenceNames(db)).categories.get(`board:${id}`)?.[locale];
  if (name === undefined) throw new AppError('not_found', 'errors.not_found');
  return name;
}

/** A currency's code and decimals, from the memoised reference names. */
export async function currencyOf(db: Executor, id: number): Promise<{ id: number; code: string; decimals: number }> {
  const currency = (await loadReferenceNames(db)).currencies.get(id);
  if (!currency) throw new AppError('not_found', 'errors.not_found');
  return { id, code: currency.code.trim(), decimals: currency.decimals };
}

/** A lot's currency as moneyText takes it. */
export const lotCurrency = (lot: { currency: string; decimals: number }) => ({
  code: lot.currency.trim(),
  decimals: lot.decimals,
});
