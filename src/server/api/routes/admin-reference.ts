import { Hono } from 'hono';
import { AppError } from '~/server/errors';
import { parseId } from '~/features/validation/fields';
import { z } from 'zod';
import {
  REFERENCE_CATEGORY_KINDS,
  categoryAddSchema,
  rateSetSchema,
  ratesImportSchema,
  regionAddSchema,
  regionSchema,
  threeNamesSchema,
  unitAddSchema,
  unitSchema,
  villageAddSchema,
  villageSchema,
} from '~/features/admin/reference';
import { requiredInt } from '~/features/validation/fields';
import type { ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';
import { getDb } from '~/server/db';
import { staffActorOf } from '~/server/services/admin/access';
import { addCategory } from '~/server/services/reference/add-category';
import { addUnit } from '~/server/services/reference/add-unit';
import { deleteCategory } from '~/server/services/reference/delete-category';
import { deleteUnit } from '~/server/services/reference/delete-unit';
import { importExchangeRates } from '~/server/services/reference/import-exchange-rates';
import { listAdminCategories } from '~/server/services/reference/list-admin-categories';
import { listAdminCurrencies } from '~/server/services/reference/list-admin-currencies';
import { listAdminPlaces } from '~/server/services/reference/list-admin-places';
import { listAdminUnits } from '~/server/services/reference/list-admin-units';
import { renameCategory } from '~/server/services/reference/rename-category';
import { saveRegion } from '~/server/services/reference/save-region';
import { saveVillage } from '~/server/services/reference/save-village';
import { setCategoryRetired } from '~/server/services/reference/set-category-retired';
import { setCurrencyActive } from '~/server/services/reference/set-currency-active';
import { setExchangeRate } from '~/server/services/reference/set-exchange-rate';
import { setUnitRetired } from '~/server/services/reference/set-unit-retired';
import { updateUnit } from '~/server/services/reference/update-unit';
import { listAdminPublicWarehouses } from '~/server/services/warehouses/list-admin-public-warehouses';
import { savePublicWarehouseAsStaff } from '~/server/services/warehouses/save-public-warehouse-as-staff';
import { setPublicWarehouseRetired } from '~/server/services/warehouses/set-public-warehouse-retired';

const ok = z.object({ success: z.literal(true) });
const done = { success: true as const };

/** Reference data's calls (docs/backoffice.md "Reference data"): capability `reference` (administrators). */
export function adminReferenceRoutes() {
  const app = new Hono<ApiEnv>();
  const base = { tag: 'Back office', auth: true, staff: 'reference' } as const;
  const kindRef = z.object({ kind: z.enum(REFERENCE_CATEGORY_KINDS), id: requiredInt() });
  const idRef = z.object({ id: requiredInt() });
  const actor = (c: { get(key: 'ip'): string }, user: Parameters<typeof staffActorOf>[0]) =>
    staffActorOf(user, c.get('ip'));

  // Categories
  endpoint(
    app,
    {
      ...base,
      method: 'get',
      path: '/admin/reference/categories',
      summary: "A kind's categories, retired included, in three languages, with the lots using each",
      query: z.object({ kind: z.enum(REFERENCE_CATEGORY_KINDS) }),
    },
    async (c, { user, query }) => ({ items: await listAdminCategories(await getDb(), actor(c, user), query.kind) }),
  );
  endpoint(
    app,
    {
      ...base,
      method: 'post',
      path: '/admin/reference/categories/add',
      summary: 'Add a category',
      body: categoryAddSchema,
    },
    async (c, { user, body }) => addCategory(await getDb(), actor(c, user), body),
  );
  endpoint(
    app,
    {
      ...base,
      method: 'post',
      path: '/admin/reference/categories/rename',
      summary: 'Rename a category in the three languages',
      body: kindRef.extend(threeNamesSchema.shape),
      response: ok,
    },
    async (c, { user, body }) => {
      await renameCategory(await getDb(), actor(c, user), body.kind, body.id, body);
      return done;
    },
  );
  for (const [path, retired, summary] of [
    ['/admin/reference/categories/retire', true, 'Retire a category: not offered for new lots (409 if retired)'],
    ['/admin/reference/categories/restore', false, 'Offer a retired category again (409 if live)'],
  ] as const)
    endpoint(app, { ...base, method: 'post', path, summary, body: kindRef }, async (c, { user, body }) =>
      setCategoryRetired(await getDb(), actor(c, user), body.kind, body.id, retired),
    );
  endpoint(
    app,
    {
      ...base,
      method: 'post',
      path: '/admin/reference/categories/delete',
      summary: 'Delete a category nothing uses (409 admin.reference_in_use otherwise)',
      body: kindRef,
      response: ok,
    },
    async (c, { user, body }) => {
      await deleteCategory(await getDb(), actor(c, user), body.kind, body.id);
      return done;
    },
  );

  // Units
  endpoint(
    app,
    { ...base, method: 'get', path: '/admin/reference/units', summary: 'Every unit, retired included' },
    async (c, { user }) => ({ items: await listAdminUnits(await getDb(), actor(c, user)) }),
  );
  endpoint(
    app,
    { ...base, method: 'post', path: '/admin/reference/units/add', summary: 'Add a unit', body: unitAddSchema },
    async (c, { user, body }) => addUnit(await getDb(), actor(c, user), body),
  );
  endpoint(
    app,
    {
      ...base,
      method: 'post',
      path: '/admin/reference/units/update',
      summary: "Rename a unit, set its lot kinds and mass (a used unit's mass stays: 409)",
      body: (locale) => unitSchema(locale).extend(idRef.shape),
      response: ok,
    },
    async (c, { user, body }) => {
      await updateUnit(await getDb(), actor(c, user), body.id, body);
      return done;
    },
  );
  for (const [path, retired, summary] of [
    ['/admin/reference/units/retire', true, 'Retire a unit: not offered for new lots (409 if retired)'],
    ['/admin/reference/units/restore', false, 'Offer a retired unit again (409 if live)'],
  ] as const)
    endpoint(app, { ...base, method: 'post', path, summary, body: idRef }, async (c, { user, body }) =>
      setUnitRetired(await getDb(), actor(c, user), body.id, retired),
    );
  endpoint(
    app,
    {
      ...base,
      method: 'post',
      path: '/admin/reference/units/delete',
      summary: 'Delete a unit nothing uses (409 admin.reference_in_use otherwise)',
      body: idRef,
      response: ok,
    },
    async (c, { user, body }) => {
      await deleteUnit(await getDb(), actor(c, user), body.id);
      return done;
    },
  );

  // Currencies and rates
  endpoint(
    app,
    { ...base, method: 'get', path: '/admin/reference/currencies', summary: 'Every currency with its latest rate' },
    async (c, { user }) => ({ items: await listAdminCurrencies(await getDb(), actor(c, user)) }),
  );
  for (const [path, active, summary] of [
    ['/admin/reference/currencies/activate', true, 'Offer a currency for new lots and accounts'],
    ['/admin/reference/currencies/deactivate', false, 'Stop offering a currency (not the default one: 409)'],
  ] as const)
    endpoint(app, { ...base, method: 'post', path, summary, body: idRef, response: ok }, async (c, { user, body }) => {
      await setCurrencyActive(await getDb(), actor(c, user), body.id, active);
      return done;
    });
  endpoint(
    app,
    {
      ...base,
      method: 'post',
      path: '/admin/reference/rates/set',
      summary: "Set a currency's rate per US dollar for a day (typed as the request's language writes numbers)",
      body: rateSetSchema,
      response: ok,
    },
    async (c, { user, body }) => {
      await setExchangeRate(await getDb(), actor(c, user), body);
      return done;
    },
  );
  endpoint(
    app,
    {
      ...base,
      method: 'post',
      path: '/admin/reference/rates/import',
      summary: 'Import rates from CSV text (currency,date,per_usd): all or nothing, 422 with line_<n> errors',
      body: ratesImportSchema,
    },
    async (c, { user, body }) => importExchangeRates(await getDb(), actor(c, user), body.csv),
  );

  // Places
  endpoint(
    app,
    {
      ...base,
      method: 'get',
      path: '/admin/reference/places',
      summary: "Countries, a country's regions (country_id) and a region's villages (region_id)",
      query: z.object({
        country_id: z.coerce.number().int().positive().optional(),
        region_id: z.coerce.number().int().positive().optional(),
      }),
    },
    async (c, { user, query }) =>
      listAdminPlaces(await getDb(), actor(c, user), { countryId: query.country_id, regionId: query.region_id }),
  );
  endpoint(
    app,
    { ...base, method: 'post', path: '/admin/reference/regions/add', summary: 'Add a region', body: regionAddSchema },
    async (c, { user, body }) => saveRegion(await getDb(), actor(c, user), { countryId: body.country_id }, body),
  );
  endpoint(
    app,
    {
      ...base,
      method: 'post',
      path: '/admin/reference/regions/update',
      summary: 'Rename a region and set its centre',
      body: (locale) => z.intersection(regionSchema(locale), idRef),
    },
    async (c, { user, body }) => saveRegion(await getDb(), actor(c, user), { id: body.id }, body),
  );
  endpoint(
    app,
    {
      ...base,
      method: 'post',
      path: '/admin/reference/villages/add',
      summary: 'Add a village',
      body: villageAddSchema,
    },
    async (c, { user, body }) => saveVillage(await getDb(), actor(c, user), { regionId: body.region_id }, body),
  );
  endpoint(
    app,
    {
      ...base,
      method: 'post',
      path: '/admin/reference/villages/update',
      summary: 'Rename a village and set its centre',
      body: (locale) => z.intersection(villageSchema(locale), idRef),
    },
    async (c, { user, body }) => saveVillage(await getDb(), actor(c, user), { id: body.id }, body),
  );

  // Public warehouses
  endpoint(
    app,
    {
      ...base,
      method: 'get',
      path: '/admin/reference/warehouses',
      summary: 'Every public warehouse, retired included',
    },
    async (c, { user }) => ({ items: await listAdminPublicWarehouses(await getDb(), actor(c, user)) }),
  );
  endpoint(
    app,
    {
      ...base,
      method: 'post',
      path: '/admin/reference/warehouses/save',
      summary: 'Add a public warehouse, or change the fields given of one (id), as warehouse-add / warehouse-edit',
      body: z.record(z.string(), z.unknown()),
    },
    async (c, { user, body }) => {
      const { id, ...fields } = body;
      // No id adds a warehouse; an id that is not one of ours is a 404, never a new warehouse.
      const given = id === undefined || id === '' ? undefined : String(id);
      const warehouseId = given === undefined ? undefined : parseId(given);
      if (given !== undefined && warehouseId === undefined) throw new AppError('not_found', 'errors.not_found');
      return savePublicWarehouseAsStaff(await getDb(), actor(c, user), warehouseId, fields);
    },
  );
  for (const [path, retired, summary] of [
    ['/admin/reference/warehouses/retire', true, 'Retire a public warehouse'],
    ['/admin/reference/warehouses/restore', false, 'Bring a retired public warehouse back'],
  ] as const)
    endpoint(app, { ...base, method: 'post', path, summary, body: idRef, response: ok }, async (c, { user, body }) => {
      await setPublicWarehouseRetired(await getDb(), actor(c, user), body.id, retired);
      return done;
    });

  return app;
}
