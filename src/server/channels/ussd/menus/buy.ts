import { PAYMENT_TYPE } from '~/features/deals/constants';
import { lotSearchSchema } from '~/features/lots/schemas';
import { getLot } from '~/server/services/lots/get-lot';
import { listLots } from '~/server/services/lots/list-lots';
import { callerAsUser, lotCurrency, moneyText, quantityText } from './common';
import { lotLines } from './lots';
import { cropItems, regionItems } from './prices';
import { readTyped } from './sell';
import type { ScreenDef } from '../types';

/** The sell lots a phone lists: the five cheapest on the market for a crop and place. */
export const BUY_LOTS_SHOWN = 5;

export const buyScreens: Record<string, ScreenDef> = {
  'buy.crop': {
    render: async (ctx) => ({
      body: ctx.t('ussd.buy_crop'),
      items: await cropItems(ctx, (crop) => ({ push: { s: 'buy.region', p: { categoryId: crop.id } } })),
    }),
  },
  'buy.region': {
    render: async (ctx, p) => ({
      body: ctx.t('ussd.prices_region'),
      items: await regionItems(ctx, (regionId) => ({ push: { s: 'buy.lots', p: { ...p, regionId } } })),
    }),
  },
  'buy.lots': {
    render: async (ctx, p) => {
      const user = callerAsUser(ctx);
      const search = lotSearchSchema(ctx.locale).parse({
        type: 'sell',
        category_id: p.categoryId,
        region_id: p.regionId ?? undefined,
      });
      const page = await listLots(
        ctx.db,
        'board',
        search,
        { page: 1, perPage: BUY_LOTS_SHOWN + 1, sort: 'price' },
        user,
        ctx.locale,
      );
      // Not one's own lots: an offer on them is refused anyway.
      const lots = page.items.filter((lot) => lot.user_id !== user.id).slice(0, BUY_LOTS_SHOWN);
      if (lots.length === 0) return { body: ctx.t('ussd.buy_none') };
      const lines = await lotLines(ctx, lots);
      return {
        body: ctx.t('ussd.buy_title'),
        items: lots.map((lot, i) => ({
          label: `${lines[i]} ${lot.village ?? lot.region ?? ''}`.trim(),
          next: { push: { s: 'buy.lot', p: { id: lot.id } } },
        })),
      };
    },
  },
  'buy.lot': {
    render: async (ctx, p) => {
      const lot = await getLot(ctx.db, 'board', Number(p.id), callerAsUser(ctx), ctx.locale);
      const place = [lot.village, lot.region].filter(Boolean).join(', ');
      return {
        body: ctx.t('ussd.buy_lot', {
          lot: (await lotLines(ctx, [lot]))[0],
          place,
          seller: lot.user.name,
          unit: lot.unit,
        }),
        input: true,
      };
    },
    onInput: async (ctx, p, value) => {
      const volume = readTyped(ctx.t, ctx.locale, value);
      if (!volume.ok) return { again: volume.message };
      return { push: { s: 'buy.pay', p: { ...p, volume: volume.value } } };
    },
  },
  /** How the buyer pays: cash on delivery (outside Mavuno), or from the wallet, held until the goods arrive. */
  'buy.pay': {
    render: (ctx, p) => ({
      body: ctx.t('ussd.buy_pay'),
      items: [
        {
          label: ctx.t('ussd.buy_pay_direct'),
          next: { push: { s: 'buy.confirm', p: { ...p, payment: PAYMENT_TYPE.direct } } },
        },
        {
          label: ctx.t('ussd.buy_pay_wallet'),
          next: { push: { s: 'buy.confirm', p: { ...p, payment: PAYMENT_TYPE.wallet } } },
        },
      ],
    }),
  },
  'buy.confirm': {
    render: async (ctx, p) => {
      const lot = await getLot(ctx.db, 'board', Number(p.id), callerAsUser(ctx), ctx.locale);
      const volume = Number(p.volume);
      return {
        body: ctx.t('ussd.buy_confirm', {
          volume: quantityText(volume, ctx.locale),
          unit: lot.unit,
          crop: lot.title,
          price: moneyText(lot.price_minor, lotCurrency(lot), ctx.locale),
          total: moneyText(Math.round(lot.price_minor * volume), lotCurrency(lot), ctx.locale),
        }),
        items: [
          {
            label: ctx.t('ussd.confirm_with_pin'),
            next: { push: { s: 'pin', p: { after: { run: 'buy.offer', a: p } } } },
          },
        ],
      };
    },
  },
};
