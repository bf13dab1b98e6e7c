import { buyScreens } from './menus/buy';
import { dealScreens } from './menus/deals';
import { lotScreens } from './menus/lots';
import { pinScreens } from './menus/pin';
import { priceScreens } from './menus/prices';
import { registerScreens } from './menus/register';
import { sellScreens } from './menus/sell';
import { startScreens } from './menus/start';
import { walletScreens } from './menus/wallet';
import type { Params, ScreenDef } from './types';

/** A change's price far from the usual one: keep it (the change again, confirmed) or type another. */
const unusualScreen: ScreenDef = {
  render: (ctx, p) => ({
    body: String(p.text),
    items: [
      { label: ctx.t('ussd.keep_price'), next: { run: String(p.run), a: p.a as Params } },
      { label: ctx.t('ussd.change_price'), next: { backTo: String(p.backTo) } },
    ],
  }),
};

/** Every screen of the menu tree by name (docs/feature-phones.md "Menu tree"). */
export const SCREENS: Record<string, ScreenDef> = {
  ...startScreens,
  ...registerScreens,
  ...pinScreens,
  ...priceScreens,
  ...sellScreens,
  ...lotScreens,
  ...dealScreens,
  ...walletScreens,
  ...buyScreens,
  unusual: unusualScreen,
};
