import { lotSearchSchema } from '~/features/lots/schemas';
import { getLot } from '~/server/services/lots/get-lot';
import { listLots } from '~/server/services/lots/list-lots';
import { callerAsUser, currencyOf, lotCurrency, moneyText, quantityText } from './common';
import { readTyped } from './sell';
import type { ScreenDef, UssdContext } from '../types';
import type { LotItem } from '~/server/services/lots/lot-item';
import { listUnits } from '~/server/services/reference/list-units';

/**
 * "Mahindi 20 gunia KES 3,500": a lot in one line, its crop named in the reader's language (not the seller's
 * title), its unit by its short name.
 */
export async function lotLines(ctx: UssdContext, lots: readonly LotItem[]): Promise<string[]> {
  const units = new Map((await listUnits(ctx.db, 'all', ctx.locale)).map((unit) => [unit.id, unit.short]));
  return lots.map(
    (lot) =>
      `${lot.category} ${quantityText(lot.available_volume, ctx.locale)} ${units.get(lot.per_unit_id) ?? lot.unit} ${moneyText(lot.price_minor, lotCurrency(lot), ctx.locale)}`,
  );
}

export const lotScreens: Record<string, ScreenDef> = {
  'lots.list': {
    render: async (ctx) => {
      const user = callerAsUser(ctx);
      const search = lotSearchSchema(ctx.locale).parse({ user_id: user.id, price_from: 0 });
      const page = await listLots(
        ctx.db,
        'board',
        search,
        { page: 1, perPage: 30, sort: '-created_at' },
        user,
        ctx.locale,
      );
      const open = page.items.filter((lot) => lot.status !== 'closed');
      if (open.length === 0) return { body: ctx.t('ussd.lots_none') };
      const lines = await lotLines(ctx, open);
      return {
        body: ctx.t('ussd.lots_title'),
        items: open.map((lot, i) => ({ label: lines[i], next: { push: { s: 'lots.lot', p: { id: lot.id } } } })),
      };
    },
  },
  'lots.lot': {
    render: async (ctx, p) => {
      const user = callerAsUser(ctx);
      const lot = await getLot(ctx.db, 'board', Number(p.id), user, ctx.locale);
      const status = ctx.t(lot.status === 'active' ? 'ussd.lot_active' : 'ussd.lot_not_active');
      return {
        body: `#${lot.id} ${(await lotLines(ctx, [lot]))[0]}\n${status}`,
        items: [
          { label: ctx.t('ussd.lot_change_price'), next: { push: { s: 'lots.price', p } } },
          {
            label: ctx.t('ussd.lot_close'),
            next: { push: { s: 'pin', p: { after: { run: 'lots.close', a: { id: lot.id } } } } },
          },
        ],
      };
    },
  },
  'lots.price': {
    render: async (ctx, p) => {
      const lot = await getLot(ctx.db, 'board', Number(p.id), callerAsUser(ctx), ctx.locale);
      return { body: ctx.t('ussd.sell_price', { unit: lot.unit, currency: lot.currency.trim() }), input: true };
    },
    onInput: async (ctx, p, value) => {
      const lot = await getLot(ctx.db, 'board', Number(p.id), callerAsUser(ctx), ctx.locale);
      const currency = await currencyOf(ctx.db, lot.currency_id);
      const price = readTyped(ctx.t, ctx.locale, value, Math.min(2, currency.decimals));
      if (!price.ok) return { again: price.message };
      return { push: { s: 'pin', p: { after: { run: 'lots.price', a: { id: lot.id, price: price.value } } } } };
    },
  },
};
