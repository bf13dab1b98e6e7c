import { type CropPrice, readCropPriceFor } from '~/server/services/statistics/read-crop-price';
import { phonePercent } from '~/features/channels/phone-text';
import { listCountryRegions } from '~/server/services/reference/list-regions';
import { currencyIdOfPhone } from '~/server/services/reference/currency-of-phone';
import { readMemberPlace } from '~/server/services/accounts/read-member-place';
import type { Translate } from '~/i18n/t';
import type { Locale } from '~/i18n/config';
import { listCrops, moneyText } from './common';
import { countryOfCaller } from './register';
import type { Next, Params, ScreenDef, UssdContext } from '../types';

/** The currency prices are shown in: the member's, else the one of the caller's number's country. */
export async function callerCurrencyId(ctx: UssdContext): Promise<number> {
  return ctx.member ? ctx.member.currencyId : currencyIdOfPhone(ctx.db, ctx.phone);
}

/** A list of the board's crops, each leading where `next` says. */
export async function cropItems(ctx: UssdContext, next: (crop: { id: number; name: string }) => Next) {
  const crops = await listCrops(ctx.db, ctx.locale);
  return crops.map((crop) => ({ label: crop.name, next: next(crop) }));
}

/**
 * The places to look in: near me (the member's own region), the whole market, then the regions of the caller's
 * country; each leads where `next` says with the region (null: everywhere).
 */
export async function regionItems(ctx: UssdContext, next: (regionId: number | null) => Next) {
  const items: { label: string; next: Next }[] = [];
  const home = ctx.member ? await readMemberPlace(ctx.db, ctx.member) : undefined;
  const countryId = await countryOfCaller(ctx);
  const regions = countryId ? await listCountryRegions(ctx.db, countryId, ctx.locale) : [];
  const mine = home?.regionId ? regions.find((region) => region.id === home.regionId) : undefined;
  if (mine) items.push({ label: ctx.t('ussd.near_me', { region: mine.name }), next: next(mine.id) });
  items.push({ label: ctx.t('ussd.everywhere'), next: next(null) });
  for (const region of regions) if (region.id !== mine?.id) items.push({ label: region.name, next: next(region.id) });
  return items;
}

/** " (+2.5%)": a change on last week after a price, or nothing. */
const changeText = (percent: number | null, locale: Locale) =>
  percent === null ? '' : ` (${phonePercent(percent, locale)})`;

/** A crop's price as the price screen writes it (the SMS reply has its own sentence: answer-price-command.ts). */
export function priceLines(t: Translate, locale: Locale, price: CropPrice): string {
  const place = price.region?.name ?? t('ussd.everywhere');
  const head = t('ussd.price_head', { crop: price.category.name, place, unit: price.unit.short });
  if (price.traded === null && price.asked === null) return `${head}\n${t('ussd.price_none')}`;
  const lines = [head];
  if (price.traded !== null)
    lines.push(
      t('ussd.price_traded', { price: moneyText(price.traded, price.currency, locale) }) +
        changeText(price.tradedChangePercent, locale),
    );
  if (price.asked !== null)
    lines.push(
      t('ussd.price_asked', { price: moneyText(price.asked, price.currency, locale) }) +
        changeText(price.askedChangePercent, locale),
    );
  // What the percentages are, once, when there is one.
  if (price.tradedChangePercent !== null || price.askedChangePercent !== null) lines.push(t('ussd.price_change_note'));
  return lines.join('\n');
}

export const priceScreens: Record<string, ScreenDef> = {
  'prices.crop': {
    render: async (ctx) => ({
      body: ctx.t('ussd.prices_crop'),
      items: await cropItems(ctx, (crop) => ({ push: { s: 'prices.region', p: { categoryId: crop.id } } })),
    }),
  },
  'prices.region': {
    render: async (ctx, p) => ({
      body: ctx.t('ussd.prices_region'),
      items: await regionItems(ctx, (regionId) => ({ push: { s: 'prices.show', p: { ...p, regionId } } })),
    }),
  },
  'prices.show': {
    render: async (ctx, p: Params) => {
      const price = await readCropPriceFor(ctx.db, {
        categoryId: Number(p.categoryId),
        regionId: p.regionId === null || p.regionId === undefined ? null : Number(p.regionId),
        currencyId: await callerCurrencyId(ctx),
        locale: ctx.locale,
      });
      return { body: priceLines(ctx.t, ctx.locale, price) };
    },
  },
};
