import { LOCALES, type Locale } from '~/i18n/config';
import { LOCALE_META } from '~/i18n/config';
import { setMemberLocale } from '~/server/services/accounts/set-member-locale';
import type { ScreenDef } from '../types';

/** The languages by their own names: the first screen a new caller meets, before any language is known. */
const LANGUAGE_ITEMS = () => LOCALES.map((locale) => ({ locale, label: LOCALE_META[locale].label }));

export const startScreens: Record<string, ScreenDef> = {
  /** A new caller: the language first (issue: "1 English / 2 Kiswahili / 3 Français"). */
  welcome: {
    render: () => ({
      body: 'Mavuno',
      noNav: true,
      items: LANGUAGE_ITEMS().map(({ locale, label }) => ({
        label,
        next: { replace: { s: 'guest', p: { locale } } },
      })),
    }),
  },
  /** A caller without an account, once they chose a language. */
  guest: {
    render: (ctx, p) => {
      if (typeof p.locale === 'string' && p.locale !== ctx.locale) ctx.setLocale(p.locale as Locale);
      return {
        body: ctx.t('ussd.guest_title'),
        noNav: true,
        items: [
          { label: ctx.t('ussd.menu_register'), next: { push: { s: 'register.name' } } },
          { label: ctx.t('ussd.menu_prices'), next: { push: { s: 'prices.crop' } } },
          { label: ctx.t('ussd.menu_language'), next: { replace: { s: 'welcome' } } },
        ],
      };
    },
  },
  /** A member's main menu, in their language. */
  home: {
    render: (ctx) => ({
      body: ctx.t('ussd.home_title', { name: ctx.member?.firstName ?? '' }),
      noNav: true,
      items: [
        { label: ctx.t('ussd.menu_prices'), next: { push: { s: 'prices.crop' } } },
        { label: ctx.t('ussd.menu_sell'), next: { push: { s: 'sell.crop' } } },
        { label: ctx.t('ussd.menu_my_lots'), next: { push: { s: 'lots.list' } } },
        { label: ctx.t('ussd.menu_deals'), next: { push: { s: 'deals.menu' } } },
        {
          label: ctx.t('ussd.menu_wallet'),
          // Money is shown after the PIN, once a session.
          next: ctx.pinSeen ? { push: { s: 'wallet' } } : { push: { s: 'pin', p: { after: { s: 'wallet' } } } },
        },
        { label: ctx.t('ussd.menu_buy'), next: { push: { s: 'buy.crop' } } },
        { label: ctx.t('ussd.menu_language'), next: { push: { s: 'language' } } },
      ],
    }),
  },
  /** A member changes the language of the menu, their SMS and e-mails. */
  language: {
    render: (ctx) => ({
      body: ctx.t('ussd.language_title'),
      items: LANGUAGE_ITEMS().map(({ locale, label }) => ({
        label,
        next: { push: { s: 'language.set', p: { locale } } },
      })),
    }),
  },
  'language.set': {
    render: async (ctx, p) => {
      const locale = p.locale as Locale;
      if (ctx.member && ctx.member.locale !== locale) {
        await setMemberLocale(ctx.db, ctx.member.id, locale);
        ctx.setMember({ ...ctx.member, locale });
      }
      ctx.setLocale(locale);
      return { body: ctx.t('ussd.language_set') };
    },
  },
  /** Words for the caller (a refusal, a result) with the way back. */
  message: {
    render: (_ctx, p) => ({ body: String(p.text ?? '') }),
  },
};
