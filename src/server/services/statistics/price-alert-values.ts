import { and, eq } from 'drizzle-orm';
import type { PriceAlertInput } from '~/features/statistics/alerts';
import type { Executor } from '~/server/db';
import { categories, regions, users } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { chartCurrency } from './read-price-chart';

const fieldError = (field: string, key: string) =>
  new AppError('validation_failed', 'errors.validation_failed', {
    fields: { [field]: [{ key: key as never }] },
  });

/**
 * The columns of a member's alert from its checked input: the crop must be a board category, the region a known
 * one, the currency active with a rate; SMS only for a member whose phone is verified. The threshold becomes minor
 * units of the currency (above/below); the percentage is kept for `move` only.
 */
export async function priceAlertValues(db: Executor, userId: number, input: PriceAlertInput) {
  const [crop] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.kind, 'board'), eq(categories.id, input.category_id)));
  if (!crop) throw fieldError('category_id', 'validation.invalid_option');
  if (input.region_id) {
    const [region] = await db.select({ id: regions.id }).from(regions).where(eq(regions.id, input.region_id));
    if (!region) throw fieldError('region_id', 'validation.invalid_option');
  }
  const currency = await chartCurrency(db, input.currency_id);
  if (input.by_sms) {
    const [member] = await db
      .select({ phone: users.phone, verified: users.phoneVerifiedAt })
      .from(users)
      .where(eq(users.id, userId));
    if (!member?.phone || !member.verified) throw fieldError('by_sms', 'price_alerts.phone_unverified');
  }
  const priced = input.kind !== 'move';
  return {
    categoryId: input.category_id,
    regionId: input.region_id ?? null,
    kind: input.kind,
    thresholdMinor: priced ? Math.round(input.threshold! * 10 ** currency.decimals) : null,
    currencyId: currency.id,
    movePercent: priced ? null : input.move_percent!,
    byEmail: input.by_email,
    bySms: input.by_sms,
  };
}
