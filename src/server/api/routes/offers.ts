import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '~/server/errors';
import { consumeLimit } from '~/server/security/rate-limit';
import { z } from 'zod';
import { readMachineField } from '~/features/numbers/schema';
import { CABINET_OFFER_VIEWS, MONEY_VIEWS, OFFER_ACTIONS, ORDER_TYPES } from '~/features/deals/constants';
import {
  createOfferSchema,
  feedbackSchema,
  offerActionSchema,
  offerListQuery,
  openDisputeSchema,
  payOfferSchema,
} from '~/features/deals/schemas';
import { topUpResponse } from '~/features/wallet/top-up';
import { requestOrigin } from '~/server/http/request-origin';
import { choosePaymentProvider } from '~/server/payments/registry';
import { startDealPayment } from '~/server/services/payments/start-deal-payment';
import { requiredInt } from '~/features/validation/fields';
import { getDb } from '~/server/db';
import { actOnOffer } from '~/server/services/deals/act-on-offer';
import { listBookedRanges } from '~/server/services/deals/bookings';
import { cabinetCounts, listMoneyDue } from '~/server/services/deals/cabinet';
import { createOffer } from '~/server/services/deals/create-offer';
import { openDispute } from '~/server/services/deals/open-dispute';
import { getFeedbackSummary, leaveFeedback } from '~/server/services/deals/feedback';
import {
  exportedHistorySchema,
  getDealHistory,
  readAttachment,
  verifyDealForParty,
  verifyExportedHistory,
  verifyHistoryResponse,
} from '~/server/services/deals/history';
import { createHistoryShare, listHistoryShares, revokeHistoryShare } from '~/server/services/deals/history-shares';
import {
  HISTORY_SHARE_DEFAULT_DAYS,
  HISTORY_SHARE_MAX_DAYS,
  createHistoryShareSchema,
  historyFileName,
  revokeHistoryShareSchema,
} from '~/features/deals/history-share';
import { countOffersWaiting, getOffer, listOffers, listOffersByOrder } from '~/server/services/deals/list-offers';
import type { ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';

const tag = 'Offers';
const byOrder = z.object({
  order_id: requiredInt(),
  order_type: z.enum(ORDER_TYPES, { message: 'validation.invalid_option' }),
});

/** Offers and deals (docs/deals.md is the contract). */
export function offerRoutes() {
  const app = new Hono<ApiEnv>();

  endpoint(
    app,
    {
      method: 'get',
      path: '/offer',
      tag,
      summary:
        "Your offers as buyer or seller: all, one lot's (order_id + order_type) or one role's; status 2–3 first, then 9, then 0–1, latest update first; 20 a page",
      auth: true,
      query: offerListQuery,
    },
    async (c, { query, user }) => listOffers(await getDb(), user, query, c.get('locale')),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/offer/user-offer-count',
      tag,
      summary: 'How many offers (status 2) wait for your answer: the header badge',
      auth: true,
    },
    async (_c, { user }) => ({
      count: await countOffersWaiting(await getDb(), user.id),
    }),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/offer/view',
      tag,
      summary: 'One of your offers (403 unless you are its buyer or seller)',
      auth: true,
      query: z.object({ id: requiredInt() }),
    },
    async (c, { query, user }) => getOffer(await getDb(), user, query.id, c.get('locale')),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/offer/create-offer',
      tag,
      summary:
        'Make an offer on a lot (Offer[…]); a buyer at a fixed-price lot’s price is a direct buy, approved at once',
      auth: true,
      body: createOfferSchema,
      bodyWrapper: 'Offer',
    },
    async (c, { body, user }) => createOffer(await getDb(), user, body, c.get('locale')),
  );

  for (const action of OFFER_ACTIONS) {
    endpoint(
      app,
      {
        method: 'post',
        path: `/offer/${action}`,
        tag,
        summary: `${action.replace(/-/g, ' ')} (id, optional comment; multipart: optional photo ≤ 20 MB, document PDF ≤ 50 MB)`,
        auth: true,
        body: offerActionSchema.loose(),
      },
      async (c, { body, raw, user }) =>
        actOnOffer(
          await getDb(),
          user,
          action,
          { id: body.id, comment: body.comment, photo: raw.photo, document: raw.document },
          c.get('locale'),
        ),
    );
  }

  endpoint(
    app,
    {
      method: 'post',
      path: '/offer/open-dispute',
      tag,
      summary:
        'Open a dispute on a deal whose money is frozen (id, reason: not_received|not_as_described|quantity_short|other, comment; multipart: optional photo, document): the money waits for the decision',
      auth: true,
      body: openDisputeSchema.loose(),
    },
    async (c, { body, raw, user }) =>
      openDispute(
        await getDb(),
        user,
        { id: body.id, reason: body.reason, comment: body.comment, photo: raw.photo, document: raw.document },
        c.get('locale'),
      ),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/offer/user-offer-by-order',
      tag,
      summary: 'Your offers on one lot',
      auth: true,
      body: byOrder,
    },
    async (c, { body, user }) => ({
      items: await listOffersByOrder(await getDb(), user, body.order_id, body.order_type, c.get('locale')),
    }),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/offer/bookings',
      tag,
      summary: 'Taken date ranges of a machinery lot for rent (availability calendar)',
      query: z.object({ order_id: requiredInt() }),
      cache: 'public, max-age=30',
    },
    async (_c, { query }) => ({
      items: await listBookedRanges(await getDb(), query.order_id),
    }),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/offer/history',
      tag,
      summary:
        "The deal's events with their hash chain (parties only); download=1 answers it as a file to save (mavuno-deal-{id}-history.json)",
      auth: true,
      query: z.object({ id: requiredInt(), download: z.enum(['1']).optional() }),
    },
    async (_c, { query, user }) => {
      const history = await getDealHistory(await getDb(), user, query.id);
      if (!query.download) return history;
      return new Response(JSON.stringify(history, null, 2), {
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Disposition': `attachment; filename="${historyFileName(query.id)}"`,
          'Cache-Control': 'private, no-store',
        },
      });
    },
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/offer/verify',
      tag,
      summary: 'Checks the stored hash chain of one of your deals',
      auth: true,
      query: z.object({ id: requiredInt() }),
    },
    async (_c, { query, user }) => verifyDealForParty(await getDb(), user, query.id),
  );

  // Open to anyone: a small body (a history is a few KB) and a per-address limit keep it cheap.
  app.use(
    '/offer/verify-history',
    bodyLimit({
      maxSize: 512 * 1024,
      onError: () => {
        throw new AppError('payload_too_large', 'errors.payload_too_large');
      },
    }),
  );
  endpoint(
    app,
    {
      method: 'post',
      path: '/offer/verify-history',
      tag,
      auth: 'optional',
      summary:
        "Checks a saved deal history (the JSON of /offer/history). Anyone: valid, broken_at, head_hash of the chain sent. The deal's parties, or anyone with a share link's token (?token=): also matches_stored, stored_events, stored_head_hash. A token that does not open that deal: 403",
      query: z.object({ token: z.string().max(200).optional() }),
      body: exportedHistorySchema,
      response: verifyHistoryResponse,
    },
    async (c, { query, body, user }) => {
      await consumeLimit('verifyHistoryIp', c.get('ip'));
      return verifyExportedHistory(await getDb(), body, { user, token: query.token });
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/offer/create-history-share',
      tag,
      summary: `A link to the deal's sealed record for someone without an account (parties only): id, optional expires_in_days (1–${HISTORY_SHARE_MAX_DAYS}, ${HISTORY_SHARE_DEFAULT_DAYS} by default). The url is answered once; its token also unlocks matches_stored in verify-history`,
      auth: true,
      body: createHistoryShareSchema,
    },
    async (c, { body, user }) => createHistoryShare(await getDb(), user, body, c.get('locale')),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/offer/history-shares',
      tag,
      summary: "The deal's share links that still work (parties only): id, created_at, expires_at, who made it",
      auth: true,
      query: z.object({ id: requiredInt() }),
    },
    async (_c, { query, user }) => ({ items: await listHistoryShares(await getDb(), user, query.id) }),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/offer/revoke-history-share',
      tag,
      summary:
        "Ends a share link of one of your deals at once (share_id); either party may; 404 if it is not your deal's",
      auth: true,
      body: revokeHistoryShareSchema,
    },
    async (_c, { body, user }) => {
      await revokeHistoryShare(await getDb(), user, body.share_id);
      return { success: true };
    },
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/offer/attachment',
      tag,
      summary: "A step's photo or document (parties only)",
      auth: true,
      query: z.object({ event_id: requiredInt(), file: z.enum(['photo', 'document']) }),
    },
    async (_c, { query, user }) => {
      const file = await readAttachment(await getDb(), user, query.event_id, query.file);
      return new Response(file.body, {
        headers: {
          'Content-Type': file.contentType,
          'Content-Length': String(file.size),
          'Content-Disposition': `${query.file === 'photo' ? 'inline' : 'attachment'}; filename="${file.name.replace(/[^\w.\- ]/g, '_')}"`,
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      });
    },
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/offer/cabinet',
      tag,
      summary: 'One cabinet grouping of your deals (bought-not-paid, …), 20 a page',
      auth: true,
      query: z.object({
        view: z.enum(CABINET_OFFER_VIEWS),
        page: z.preprocess(readMachineField, z.number().int().min(1).max(100_000).default(1)),
      }),
    },
    async (c, { query, user }) =>
      listOffers(await getDb(), user, { view: query.view, page: query.page }, c.get('locale')),
  );

  endpoint(
    app,
    { method: 'get', path: '/offer/cabinet-counts', tag, summary: 'The count of every cabinet card', auth: true },
    async (_c, { user }) => cabinetCounts(await getDb(), user.id),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/offer/money',
      tag,
      summary: 'Money cards: per currency, what deals under way owe you (have-to-be-paid) or you owe (have-to-pay)',
      auth: true,
      query: z.object({ view: z.enum(MONEY_VIEWS) }),
    },
    async (_c, { query, user }) => ({
      items: await listMoneyDue(await getDb(), user.id, query.view),
    }),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/offer/pay',
      tag,
      summary:
        'Pay for an approved online deal (payment_type 3) as its buyer: `id`, `method` (card, mobile_money); answers the checkout URL to open. The money is held for the deal once the provider confirms it',
      auth: true,
      body: payOfferSchema,
      response: topUpResponse.extend({ offer_id: z.number().int() }),
    },
    async (c, { body, user }) => {
      // The provider is chosen by currency and method (docs/payments.md "Choosing the provider").
      return startDealPayment(await getDb(), choosePaymentProvider, {
        userId: user.id,
        offerId: body.id,
        method: body.method,
        phone: body.phone,
        email: user.email,
        origin: requestOrigin(c.req.raw),
        locale: c.get('locale'),
      });
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/user/set-feedback',
      tag,
      summary: 'Rate the other party of a done deal (UserFeedback[offer_id|rating|comment]); once per party',
      auth: true,
      body: feedbackSchema,
      bodyWrapper: 'UserFeedback',
    },
    async (_c, { body, user }) => ({
      success: true,
      feedback: await leaveFeedback(await getDb(), user, body),
    }),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/user/feedback',
      tag,
      summary: "A member's feedback: average rating, count and the latest comments",
      query: z.object({ user_id: requiredInt() }),
      cache: 'public, max-age=60',
    },
    async (_c, { query }) => getFeedbackSummary(await getDb(), query.user_id),
  );

  return app;
}
