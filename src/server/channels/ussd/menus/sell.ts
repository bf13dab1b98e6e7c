import { PERMISSIONS } from '~/features/accounts/constants';
import { numberProblemMessage } from '~/features/numbers/messages';
import { parseNumber } from '~/features/numbers/parse';
import { getPendingTierRequest } from '~/server/services/accounts/tiers';
import { listUnits } from '~/server/services/reference/list-units';
import { listCountryRegions, listRegionVillages } from '~/server/services/reference/list-regions';
import { readMemberPlace } from '~/server/services/accounts/read-member-place';
import type { Locale } from '~/i18n/config';
import type { Translate } from '~/i18n/t';
import { callerAsUser, cropName, currencyOf, moneyText, quantityText } from './common';
import { cropItems } from './prices';
import type { Next, Params, ScreenDef, UssdContext } from '../types';

/** A number typed on the keypad, read by the one parser (src/features/numbers/parse.ts): "3500" and "3 500" alike. */
export function readTyped(
  t: Translate,
  locale: Locale,
  value: string,
  decimals = 2,
): { ok: true; value: number } | { ok: false; message: string } {
  const result = parseNumber(value, { locale, decimals });
  if (result.ok) {
    if (result.value <= 0) return { ok: false, message: t('lots.must_be_positive') };
    return result;
  }
  if (result.reason === 'empty') return { ok: false, message: t('validation.required') };
  const problem = numberProblemMessage(result, locale);
  return { ok: false, message: t(problem.key, problem.vars) };
}

async function unitShort(ctx: UssdContext, unitId: number): Promise<string> {
  const units = await listUnits(ctx.db, 'for_board', ctx.locale);
  return units.find((unit) => unit.id === unitId)?.short ?? '';
}

/** After the price: the farm's village, asked only when the member's addresses name none. */
async function afterPrice(ctx: UssdContext, p: Params): Promise<Next> {
  const place = ctx.member ? await readMemberPlace(ctx.db, ctx.member) : undefined;
  // The farm's village, else its region (the lot is placed at the region's point: sell.publish).
  if (place?.villageId || place?.regionId)
    return { push: { s: 'sell.confirm', p: { ...p, regionId: place.regionId, villageId: place.villageId } } };
  return { push: { s: 'sell.region', p } };
}

export const sellScreens: Record<string, ScreenDef> = {
  'sell.crop': {
    render: async (ctx) => {
      const user = callerAsUser(ctx);
      // The tier rule of the site (save-lot.ts assertMayPublish): a basic member is told how to ask for silver.
      if (!user.scope.includes(PERMISSIONS.createTradeLots)) {
        const pending = await getPendingTierRequest(ctx.db, user.id);
        if (pending) return { body: ctx.t('ussd.sell_silver_pending') };
        return {
          body: ctx.t('ussd.sell_needs_silver'),
          items: [
            {
              label: ctx.t('ussd.sell_ask_silver'),
              next: { push: { s: 'pin', p: { after: { run: 'silver.request' } } } },
            },
          ],
        };
      }
      return {
        body: ctx.t('ussd.sell_crop'),
        items: await cropItems(ctx, (crop) => ({ push: { s: 'sell.quantity', p: { categoryId: crop.id } } })),
      };
    },
  },
  'sell.unit': {
    render: async (ctx, p) => {
      const units = await listUnits(ctx.db, 'for_board', ctx.locale);
      return {
        body: ctx.t('ussd.sell_unit', { volume: quantityText(Number(p.volume), ctx.locale) }),
        items: units.map((unit) => ({
          label: unit.name,
          next: { push: { s: 'sell.price', p: { ...p, unitId: unit.id } } },
        })),
      };
    },
  },
  'sell.quantity': {
    render: async (ctx, p) => ({
      body: ctx.t('ussd.sell_quantity', { crop: await cropName(ctx.db, Number(p.categoryId), ctx.locale) }),
      input: true,
    }),
    onInput: (ctx, p, value) => {
      const volume = readTyped(ctx.t, ctx.locale, value);
      if (!volume.ok) return { again: volume.message };
      return { push: { s: 'sell.unit', p: { ...p, volume: volume.value } } };
    },
  },
  'sell.price': {
    render: async (ctx, p) => {
      const currency = await currencyOf(ctx.db, callerAsUser(ctx).currencyId);
      return {
        body: ctx.t('ussd.sell_price', { unit: await unitShort(ctx, Number(p.unitId)), currency: currency.code }),
        input: true,
      };
    },
    onInput: async (ctx, p, value) => {
      const currency = await currencyOf(ctx.db, callerAsUser(ctx).currencyId);
      const price = readTyped(ctx.t, ctx.locale, value, Math.min(2, currency.decimals));
      if (!price.ok) return { again: price.message };
      return afterPrice(ctx, { ...p, price: price.value });
    },
  },
  'sell.region': {
    render: async (ctx, p) => {
      const countryId = callerAsUser(ctx) && ctx.member?.countryId;
      const regions = countryId ? await listCountryRegions(ctx.db, countryId, ctx.locale) : [];
      if (regions.length === 0) return { body: ctx.t('ussd.sell_no_place') };
      return {
        body: ctx.t('ussd.register_region'),
        items: regions.map((region) => ({
          label: region.name,
          next: { push: { s: 'sell.village', p: { ...p, regionId: region.id } } },
        })),
      };
    },
  },
  'sell.village': {
    render: async (ctx, p) => {
      const villages = await listRegionVillages(ctx.db, Number(p.regionId));
      return {
        body: ctx.t('ussd.register_village'),
        items: [
          ...villages.map((village) => ({
            label: village.name,
            next: { push: { s: 'sell.confirm', p: { ...p, villageId: village.id } } },
          })),
          {
            label: ctx.t('ussd.register_village_other'),
            next: { push: { s: 'sell.confirm', p: { ...p, villageId: null } } },
          },
        ],
      };
    },
  },
  'sell.confirm': {
    render: async (ctx, p) => {
      const currency = await currencyOf(ctx.db, callerAsUser(ctx).currencyId);
      const volume = Number(p.volume);
      const price = Math.round(Number(p.price) * 10 ** currency.decimals);
      return {
        body: ctx.t('ussd.sell_confirm', {
          crop: await cropName(ctx.db, Number(p.categoryId), ctx.locale),
          volume: quantityText(volume, ctx.locale),
          unit: await unitShort(ctx, Number(p.unitId)),
          price: moneyText(price, currency, ctx.locale),
          total: moneyText(Math.round(price * volume), currency, ctx.locale),
        }),
        items: [
          {
            label: ctx.t('ussd.confirm_with_pin'),
            next: { push: { s: 'pin', p: { after: { run: 'sell.publish', a: p } } } },
          },
        ],
      };
    },
  },
};
