import { Hono } from 'hono';
import { z } from 'zod';
import {
  PRICE_ALERT_KINDS,
  priceAlertIdSchema,
  priceAlertSchema,
  priceAlertUpdateSchema,
} from '~/features/statistics/alerts';
import type { MessageKey } from '~/i18n/t';
import { getDb } from '~/server/db';
import { createPriceAlert } from '~/server/services/statistics/create-price-alert';
import { deletePriceAlert } from '~/server/services/statistics/delete-price-alert';
import { listPriceAlerts } from '~/server/services/statistics/list-price-alerts';
import { updatePriceAlert } from '~/server/services/statistics/update-price-alert';
import type { ApiContext, ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';

const TAG = 'Price alerts';
const done = (c: ApiContext, key: MessageKey, extra: Record<string, unknown> = {}) => ({
  success: true,
  message: c.get('t')(key),
  ...extra,
});

const alertItem = z.object({
  id: z.number(),
  category_id: z.number(),
  category_name: z.string(),
  region_id: z.number().nullable(),
  region_name: z.string().nullable(),
  kind: z.enum(PRICE_ALERT_KINDS),
  threshold: z.number().nullable(),
  threshold_minor: z.number().nullable(),
  currency_id: z.number(),
  currency: z.string(),
  move_percent: z.number().nullable(),
  by_email: z.boolean(),
  by_sms: z.boolean(),
  active: z.boolean(),
  last_fired_on: z.string().nullable(),
});

/**
 * Members' price alerts (docs/statistics.md "Price alerts"): private to their owner; another member's alert is a
 * 404. The threshold is typed in the caller's language (Accept-Language): "72,000", "70 000", "72 000,50".
 */
export function priceAlertRoutes() {
  const app = new Hono<ApiEnv>();

  endpoint(
    app,
    {
      method: 'get',
      path: '/price-alert/index',
      tag: TAG,
      summary: 'Your price alerts, newest first',
      auth: true,
      response: z.object({ items: z.array(alertItem) }),
    },
    async (c, { user }) => ({ items: await listPriceAlerts(await getDb(), user.id, c.get('locale')) }),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/price-alert/create',
      tag: TAG,
      summary:
        'Add a price alert: crop (category_id), optional region_id, kind above|below (threshold, currency_id) or move (move_percent 1–100), by_email and/or by_sms (SMS needs a verified phone); answers its id',
      auth: true,
      body: priceAlertSchema,
    },
    async (c, { body, user }) => done(c, 'price_alerts.created', await createPriceAlert(await getDb(), user.id, body)),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/price-alert/update',
      tag: TAG,
      summary:
        'Change one of your price alerts (all its fields, as create) and turn it on again; 404 for anyone else’s',
      auth: true,
      body: priceAlertUpdateSchema,
    },
    async (c, { body, user }) => {
      const { id, ...input } = body;
      await updatePriceAlert(await getDb(), user.id, id, input);
      return done(c, 'price_alerts.updated');
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/price-alert/delete',
      tag: TAG,
      summary: 'Delete one of your price alerts; 404 for anyone else’s',
      auth: true,
      body: priceAlertIdSchema,
    },
    async (c, { body, user }) => {
      await deletePriceAlert(await getDb(), user.id, body.id);
      return done(c, 'price_alerts.deleted');
    },
  );

  return app;
}
