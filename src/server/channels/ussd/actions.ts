import { toGsm7 } from '~/features/channels/gsm7';
import { lotFormValuesFrom } from '~/features/lots/form-values';
import { lotSchema } from '~/features/lots/schemas';
import { createOfferSchema } from '~/features/deals/schemas';
import { readMemberPlace } from '~/server/services/accounts/read-member-place';
import type { OfferAction } from '~/features/deals/constants';
import { localAmountText } from '~/features/numbers/text';
import type { Locale } from '~/i18n/config';
import { localizePath } from '~/i18n/paths';
import type { MessageKey } from '~/i18n/t';
import { parseInput } from '~/server/api/validate';
import type { Database } from '~/server/db';
import { getEnv } from '~/server/env';
import { AppError } from '~/server/errors';
import { choosePaymentProvider } from '~/server/payments/registry';
import { registerByPhone } from '~/server/services/accounts/register-by-phone';
import { readRegionPoint } from '~/server/services/reference/read-region-point';
import { requestSilver } from '~/server/services/accounts/tiers';
import { actOnOffer } from '~/server/services/deals/act-on-offer';
import { createOffer } from '~/server/services/deals/create-offer';
import { getLot } from '~/server/services/lots/get-lot';
import { setLotStatus } from '~/server/services/lots/lot-lifecycle';
import { createLot, updateLot } from '~/server/services/lots/save-lot';
import { requestPayout } from '~/server/services/payments/request-payout';
import { queueSms } from '~/server/sms';
import { callerAsUser, cropName, refusalAsScreen } from './menus/common';
import { sendCodeAndAsk } from './menus/phone-code';
import type { Next, Params, UssdContext } from './types';

type Action = (ctx: UssdContext, a: Params, extra?: { pin: string; phoneToken: string }) => Promise<Next>;

const done = (text: string): Next => ({ replace: { s: 'message', p: { text } } });

/** A price far from the usual one: the refusal's words, "keep it" (the same change, confirmed) or "change it". */
function unusualPrice(ctx: UssdContext, error: unknown, run: string, a: Params, backTo: string): Next {
  if (!(error instanceof AppError && error.code === 'price_unusual')) throw error;
  const vars = error.vars ?? {};
  return { replace: { s: 'unusual', p: { text: ctx.t('ussd.price_unusual', vars), run, a, backTo } } };
}

const lotUrl = (id: number, locale: Locale) => `${getEnv().publicUrl}${localizePath(`/board/${id}`, locale)}`;

const STEP_DONE: Record<string, MessageKey> = {
  'approve-offer': 'ussd.done_approve_offer',
  'decline-offer': 'ussd.done_decline_offer',
  'delivery-send': 'ussd.done_delivery_send',
  'delivery-get': 'ussd.done_delivery_get',
  'payment-get': 'ussd.done_payment_get',
};

/**
 * The changes the menu makes, each through the service the site and the API call (no rule of its own): run after
 * the PIN, by the `pin` screen (src/server/channels/ussd/menus/pin.ts) or a screen the PIN opened. A refusal of the
 * service becomes a screen with its words.
 */
const ACTIONS: Record<string, Action> = {
  'pinset.send': (ctx, a) => sendCodeAndAsk(ctx, a.after),

  'register.create': async (ctx, a, extra) => {
    if (!extra) return { home: true };
    const member = await registerByPhone(ctx.db, {
      phone: ctx.phone,
      firstName: String(a.firstName),
      lastName: a.lastName ? String(a.lastName) : undefined,
      regionId: a.regionId ? Number(a.regionId) : undefined,
      villageId: a.villageId ? Number(a.villageId) : undefined,
      locale: ctx.locale,
      pin: extra.pin,
      phoneToken: extra.phoneToken,
    });
    ctx.setMember(member);
    ctx.markPinSeen();
    return { home: true, lead: ctx.t('ussd.register_done', { name: member.firstName }) };
  },

  'silver.request': (ctx) =>
    refusalAsScreen(ctx, async () => {
      await requestSilver(ctx.db, callerAsUser(ctx).id, 'USSD');
      return done(ctx.t('ussd.silver_requested'));
    }),

  'sell.publish': (ctx, a) =>
    refusalAsScreen(ctx, async () => {
      const user = callerAsUser(ctx);
      const member = ctx.member!;
      const place = await readMemberPlace(ctx.db, member);
      const title = await cropName(ctx.db, Number(a.categoryId), ctx.locale);
      // Without a village the lot stands at its region's point, as a map pin would place it on the site.
      const point = a.villageId ? undefined : await readRegionPoint(ctx.db, Number(a.regionId));
      if (!a.villageId && !point) return done(ctx.t('ussd.sell_no_place'));
      const input = parseInput(lotSchema('board', ctx.locale), {
        type: 'sell',
        category_id: a.categoryId,
        title,
        volume: a.volume,
        per_unit_id: a.unitId,
        price: a.price,
        currency_id: user.currencyId,
        country_id: member.countryId ?? place.countryId ?? undefined,
        region_id: a.regionId ?? undefined,
        village_id: a.villageId ?? undefined,
        latitude: point?.latitude,
        longitude: point?.longitude,
        price_confirmed: a.confirmed ? 'true' : 'false',
        organic: 'false',
        wholesale_only: 'false',
        photos: [],
      });
      try {
        // The lot and the SMS with its link are written together (the SMS outbox delivers it).
        const { id } = await ctx.db.transaction(async (tx) => {
          const created = await createLot(tx as unknown as Database, user, 'board', input, ctx.locale);
          if (member.phone && !member.smsStoppedAt)
            await queueSms(
              tx,
              member.phone,
              toGsm7(ctx.t('ussd.sms_lot_published', { id: created.id, title, url: lotUrl(created.id, ctx.locale) })),
              { userId: member.id, purpose: 'reply' },
            );
          return created;
        });
        return { end: ctx.t('ussd.sell_done', { id }) };
      } catch (error) {
        return unusualPrice(ctx, error, 'sell.publish', { ...a, confirmed: true }, 'sell.price');
      }
    }),

  'lots.price': (ctx, a) =>
    refusalAsScreen(ctx, async () => {
      const user = callerAsUser(ctx);
      const id = Number(a.id);
      const lot = await getLot(ctx.db, 'board', id, user, ctx.locale);
      // The site's edit form, filled from the lot and with the new price, read by the same schema.
      const values = lotFormValuesFrom(
        lot as unknown as Record<string, unknown>,
        'board',
        lot.photos.map((photo) => photo.key),
        ctx.locale,
      );
      const input = parseInput(lotSchema('board', ctx.locale), {
        ...values,
        price: localAmountText(Number(a.price), ctx.locale),
        price_confirmed: a.confirmed ? 'true' : 'false',
      });
      try {
        await updateLot(ctx.db, user, 'board', id, input, ctx.locale);
      } catch (error) {
        return unusualPrice(ctx, error, 'lots.price', { ...a, confirmed: true }, 'lots.price');
      }
      return done(ctx.t('ussd.lot_price_changed', { id }));
    }),

  'lots.close': (ctx, a) =>
    refusalAsScreen(ctx, async () => {
      await setLotStatus(ctx.db, callerAsUser(ctx), 'board', Number(a.id), 'close-quote');
      return done(ctx.t('ussd.lot_closed', { id: Number(a.id) }));
    }),

  'offer.step': (ctx, a) =>
    refusalAsScreen(ctx, async () => {
      const action = String(a.action) as OfferAction;
      if (!STEP_DONE[action]) throw new AppError('bad_request', 'errors.validation_failed');
      await actOnOffer(ctx.db, callerAsUser(ctx), action, { id: Number(a.id) }, ctx.locale);
      return done(ctx.t(STEP_DONE[action], { id: Number(a.id) }));
    }),

  'wallet.withdraw': (ctx, a) =>
    refusalAsScreen(ctx, async () => {
      const user = callerAsUser(ctx);
      // The site's payout path (same limits and approvals); the PIN stands for the recent sign-in.
      const payout = await requestPayout(ctx.db, choosePaymentProvider, {
        userId: user.id,
        amount: Number(a.amount),
        currencyId: Number(a.currencyId),
        method: 'mobile_money',
        phone: user.phone ?? ctx.phone,
      });
      return done(
        ctx.t(payout.status === 'awaiting_approval' ? 'ussd.withdraw_waits' : 'ussd.withdraw_sent', {
          amount: String(a.shown),
        }),
      );
    }),

  'buy.offer': (ctx, a) =>
    refusalAsScreen(ctx, async () => {
      const input = parseInput(createOfferSchema(ctx.locale), {
        order_type: 'board_list',
        order_id: a.id,
        volume: a.volume,
        payment_type: a.payment,
      });
      const offer = await createOffer(ctx.db, callerAsUser(ctx), input, ctx.locale);
      return done(ctx.t(offer.is_direct_buy ? 'ussd.buy_done_direct' : 'ussd.buy_done', { id: offer.id }));
    }),
};

export const ACTION_NAMES = Object.keys(ACTIONS);

export async function runAction(
  ctx: UssdContext,
  name: string,
  a: Params,
  extra?: { pin: string; phoneToken: string },
): Promise<Next> {
  const action = ACTIONS[name];
  if (!action) return { home: true };
  return action(ctx, a, extra);
}
