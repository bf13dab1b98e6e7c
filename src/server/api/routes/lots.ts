import { Hono } from 'hono';
import { STATUS_CHANGES, type StatusAction } from '~/features/lots/owner-actions';
import { z } from 'zod';
import { KINDS } from '~/features/lots/constants';
import { lotIndexQuery } from '~/features/lots/query';
import { bulkPricesSchema, lotSchema } from '~/features/lots/schemas';
import { perLocale } from '~/features/numbers/schema';
import type { Locale } from '~/i18n/config';
import { requiredInt } from '~/features/validation/fields';
import { getDb } from '~/server/db';
import { getLot, listRandomLots, listUserLots } from '~/server/services/lots/get-lot';
import { addFavoriteLot, listFavoriteLotIds, removeFavoriteLot } from '~/server/services/lots/lot-favorites';
import { deleteLot, reAddLot, setLotStatus, updateLotPrices } from '~/server/services/lots/lot-lifecycle';
import { uploadLotPhoto } from '~/server/services/lots/lot-photos';
import { listLots } from '~/server/services/lots/list-lots';
import { listMapPoints } from '~/server/services/lots/list-map-points';
import { createLot, updateLot } from '~/server/services/lots/save-lot';
import { listTechnicMakers, listWorkingRadii } from '~/server/services/lots/technic-options';
import type { ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';

const idBody = z.object({ id: requiredInt() });

export function lotRoutes() {
  const app = new Hono<ApiEnv>();
  /**
   * Anonymous catalogue answers are the same for every anonymous caller of a language: kept for a few seconds by
   * the render cache (dropped on any write, docs/architecture.md) and by CDNs.
   */
  const PUBLIC_LIST_CACHE = 'public, max-age=10';
  for (const meta of Object.values(KINDS)) {
    const p = `/${meta.apiPrefix}`;
    const tag = `Lots: ${meta.apiPrefix}`;
    const schema = (locale: Locale) => lotSchema(meta.kind, locale);
    const updateSchema = perLocale((locale) => z.intersection(schema(locale), idBody));
    const indexQuery = (locale: Locale) => lotIndexQuery(meta, locale);

    endpoint(
      app,
      {
        method: 'get',
        path: `${p}/index`,
        tag,
        auth: 'optional',
        anonymousCache: PUBLIC_LIST_CACHE,
        summary: `Active ${meta.kind} lots, filtered (${meta.search}[…], q, country_id), sorted (-created_at, price, -price, volume, -volume) and paged`,
        query: indexQuery,
      },
      async (c, { query, user }) =>
        listLots(
          await getDb(),
          meta.kind,
          query.search,
          { page: query.page, perPage: query['per-page'], sort: query.sort },
          user,
          c.get('locale'),
        ),
    );

    endpoint(
      app,
      {
        method: 'get',
        path: `${p}/map-points`,
        tag,
        auth: 'optional',
        anonymousCache: PUBLIC_LIST_CACHE,
        summary:
          'Every matching lot with a location (at most 2,000): id, title, coordinates, price — for the catalogue map',
        query: indexQuery,
      },
      async (c, { query, user }) => ({
        items: await listMapPoints(await getDb(), meta.kind, query.search, user, c.get('locale')),
      }),
    );

    endpoint(
      app,
      {
        method: 'get',
        path: `${p}/view`,
        tag,
        auth: 'optional',
        summary: 'One lot (404 for a missing lot, or one that is not active and not yours)',
        query: idBody,
      },
      async (c, { query, user }) => getLot(await getDb(), meta.kind, query.id, user, c.get('locale')),
    );

    endpoint(
      app,
      {
        method: 'get',
        path: `${p}/get-random-items`,
        tag,
        auth: 'optional',
        summary: 'A few recent active lots in random order',
      },
      async (c, { user }) => ({
        items: await listRandomLots(await getDb(), meta.kind, user, c.get('locale')),
      }),
    );

    endpoint(
      app,
      {
        method: 'get',
        path: `${p}/user-items`,
        tag,
        auth: 'optional',
        summary: "A user's active lots (at most 50, for public profiles)",
        query: z.object({ user_id: requiredInt() }),
      },
      async (c, { query, user }) => ({
        items: await listUserLots(await getDb(), meta.kind, query.user_id, user, c.get('locale')),
      }),
    );

    endpoint(
      app,
      {
        method: 'post',
        path: `${p}/create-quote`,
        tag,
        summary: `Publish a lot (${meta.wrapper}[…]); the seller is the signed-in user`,
        auth: true,
        body: schema,
        bodyWrapper: meta.wrapper,
        response: z.object({ id: z.number() }),
      },
      async (c, { body, user }) => createLot(await getDb(), user, meta.kind, body, c.get('locale')),
    );

    endpoint(
      app,
      {
        method: 'post',
        path: `${p}/update-quote`,
        tag,
        summary: `Change one of your lots (${meta.wrapper}[…] with id)`,
        auth: true,
        body: updateSchema,
        bodyWrapper: meta.wrapper,
      },
      async (c, { body, user }) => {
        await updateLot(await getDb(), user, meta.kind, body.id, body, c.get('locale'));
        return { success: true };
      },
    );

    endpoint(
      app,
      { method: 'post', path: `${p}/delete-quote`, tag, summary: 'Delete one of your lots', auth: true, body: idBody },
      async (_c, { body, user }) => {
        await deleteLot(await getDb(), user, meta.kind, body.id);
        return { success: true };
      },
    );

    for (const [action, change] of Object.entries(STATUS_CHANGES) as [
      StatusAction,
      (typeof STATUS_CHANGES)[StatusAction],
    ][]) {
      endpoint(
        app,
        {
          method: 'post',
          path: `${p}/${action}`,
          tag,
          summary: `Set one of your lots ${change.to.replace('_', ' ')} (from ${change.from.join(', ')})`,
          auth: true,
          body: idBody,
        },
        async (_c, { body, user }) => {
          await setLotStatus(await getDb(), user, meta.kind, body.id, action);
          return { success: true };
        },
      );
    }

    endpoint(
      app,
      {
        method: 'post',
        path: `${p}/re-add-quote`,
        tag,
        summary: 'Re-add a closed lot as a new active copy',
        auth: true,
        body: idBody,
        response: z.object({ id: z.number() }),
      },
      async (_c, { body, user }) => reAddLot(await getDb(), user, meta.kind, body.id),
    );

    endpoint(
      app,
      {
        method: 'post',
        path: `${p}/update-prices`,
        tag,
        summary: 'Bulk price update of your lots (silver and gold): prices[0][id]=12&prices[0][price]=3900…',
        auth: true,
        body: bulkPricesSchema,
      },
      async (_c, { body, user }) => updateLotPrices(await getDb(), user, meta.kind, body.prices),
    );

    endpoint(
      app,
      {
        method: 'post',
        path: `${p}/upload-photo`,
        tag,
        summary: 'Upload a photo for a lot being written (multipart `photo`); put the answered key in photos[]',
        auth: true,
        body: z.object({}).passthrough(),
      },
      async (_c, { raw, user }) => uploadLotPhoto(await getDb(), user.id, raw.photo),
    );

    endpoint(
      app,
      {
        method: 'get',
        path: `${p}/favorites-list-ids`,
        tag,
        summary: 'Ids of your favourite lots of this kind',
        auth: true,
      },
      async (_c, { user }) => ({
        items: await listFavoriteLotIds(await getDb(), user.id, meta.kind),
      }),
    );

    const favoriteBody = z.object({ [meta.favoriteField]: requiredInt() });
    for (const add of [true, false]) {
      endpoint(
        app,
        {
          method: 'post',
          path: `${p}/${add ? 'add' : 'remove'}-favorites-${meta.favoriteSuffix}`,
          tag,
          summary: `${add ? 'Add a lot to' : 'Remove a lot from'} your favourites (${meta.favoriteField})`,
          auth: true,
          body: favoriteBody,
        },
        async (_c, { body, user }) => {
          const lotId = (body as Record<string, number>)[meta.favoriteField];
          return { items: await (add ? addFavoriteLot : removeFavoriteLot)(await getDb(), user.id, meta.kind, lotId) };
        },
      );
    }
  }

  endpoint(
    app,
    {
      method: 'get',
      path: '/technic-list/order-technic-maker',
      tag: 'Lots: technic-list',
      summary: 'Makers of active machinery lots',
      cache: 'public, max-age=60',
    },
    async () => ({
      items: await listTechnicMakers(await getDb()),
    }),
  );
  endpoint(
    app,
    {
      method: 'get',
      path: '/technic-list/order-working-radius',
      tag: 'Lots: technic-list',
      summary: 'Working radii (km) of active machinery lots',
      cache: 'public, max-age=60',
    },
    async () => ({
      items: await listWorkingRadii(await getDb()),
    }),
  );

  return app;
}
