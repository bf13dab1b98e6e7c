import { Hono } from 'hono';
import { z } from 'zod';
import { LOT_KINDS } from '~/features/lots/constants';
import { listQuery } from '~/features/validation/fields';
import {
  addWarehouseProductSchema,
  productTypeQuerySchema,
  updateWarehouseProductSchema,
  warehouseCreateSchema,
  warehouseFromPublicSchema,
  warehouseIdSchema,
  warehouseUpdateSchema,
} from '~/features/warehouses/schemas';
import type { MessageKey } from '~/i18n/t';
import { getDb } from '~/server/db';
import { AppError } from '~/server/errors';
import { addWarehouseProduct } from '~/server/services/warehouses/add-warehouse-product';
import { createMemberWarehouse } from '~/server/services/warehouses/create-member-warehouse';
import { createWarehouseFromPublic } from '~/server/services/warehouses/create-warehouse-from-public';
import { deleteMemberWarehouse } from '~/server/services/warehouses/delete-member-warehouse';
import { deleteWarehouseProduct } from '~/server/services/warehouses/delete-warehouse-product';
import { isValidProductType } from '~/server/services/warehouses/is-valid-product-type';
import { listMemberWarehouses } from '~/server/services/warehouses/list-member-warehouses';
import { listStockCategories } from '~/server/services/warehouses/list-stock-categories';
import { readMemberWarehouse } from '~/server/services/warehouses/read-member-warehouse';
import { updateMemberWarehouse } from '~/server/services/warehouses/update-member-warehouse';
import { updateWarehouseProduct } from '~/server/services/warehouses/update-warehouse-product';
import type { ApiContext, ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';

const TAG = 'Warehouses';
const done = (c: ApiContext, key: MessageKey, extra: Record<string, unknown> = {}) => ({
  success: true,
  message: c.get('t')(key),
  ...extra,
});

const productItem = z.object({
  id: z.number(),
  warehouse_id: z.number(),
  category_kind: z.enum(LOT_KINDS),
  category_id: z.number(),
  category_name: z.string(),
  quantity: z.string(),
  per_unit_id: z.number(),
  unit_name: z.string(),
  unit_short: z.string(),
  quality_notes: z.string().nullable(),
});
const warehouseItem = z.object({
  id: z.number(),
  user_id: z.number(),
  company_id: z.number().nullable(),
  system_warehouse_id: z.number().nullable(),
  system_warehouse_title: z.string().nullable(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  country_id: z.number().nullable(),
  country_name: z.string().nullable(),
  region_id: z.number().nullable(),
  region_name: z.string().nullable(),
  village_id: z.number().nullable(),
  village_name: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  may_edit: z.boolean(),
  products: z.array(productItem),
});
const pageMeta = z.object({
  totalCount: z.number(),
  pageCount: z.number(),
  currentPage: z.number(),
  perPage: z.number(),
});

/**
 * Members' own warehouses and their stock (docs/warehouses.md "Members' warehouses"). Private: only the owner and
 * their company's team read one; the owner and the company's administrators change it; anyone else gets 404.
 */
export function userWarehouseRoutes() {
  const app = new Hono<ApiEnv>();

  endpoint(
    app,
    {
      method: 'get',
      path: '/user-warehouse/index',
      tag: TAG,
      summary: "Your warehouses and your company's, newest first, with their products, paged",
      auth: true,
      query: listQuery.pick({ page: true, 'per-page': true }),
      response: z.object({ items: z.array(warehouseItem), _meta: pageMeta }),
    },
    async (c, { query, user }) =>
      listMemberWarehouses(await getDb(), user.id, { page: query.page, perPage: query['per-page'] }, c.get('locale')),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/user-warehouse/view',
      tag: TAG,
      summary: "One of your (or your company's) warehouses with its products; 404 for anyone else's",
      auth: true,
      query: warehouseIdSchema,
      response: warehouseItem,
    },
    async (c, { query, user }) => {
      const warehouse = await readMemberWarehouse(await getDb(), user.id, query.id, c.get('locale'));
      if (!warehouse) throw new AppError('not_found', 'errors.not_found');
      return warehouse;
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/user-warehouse/create',
      tag: TAG,
      summary: 'Add a warehouse (description, address, phone, e-mail, place and map point); answers its id',
      auth: true,
      body: warehouseCreateSchema,
    },
    async (c, { body, user }) =>
      done(c, 'warehouses.created', await createMemberWarehouse(await getDb(), user.id, body)),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/user-warehouse/create-from-system',
      tag: TAG,
      summary:
        "'I store at this depot': a warehouse copied from a public one (its title, point, place and contacts); 404 for an unknown or retired one",
      auth: true,
      body: warehouseFromPublicSchema,
    },
    async (c, { body, user }) =>
      done(c, 'warehouses.created', await createWarehouseFromPublic(await getDb(), user.id, body)),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/user-warehouse/update',
      tag: TAG,
      summary: 'Change a warehouse (every field; a blank optional one is cleared); its lots follow its place',
      auth: true,
      body: warehouseUpdateSchema,
    },
    async (c, { body, user }) => {
      await updateMemberWarehouse(await getDb(), user.id, body);
      return done(c, 'warehouses.updated');
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/user-warehouse/delete',
      tag: TAG,
      summary:
        'Delete a warehouse with its products; 409 warehouses.in_running_deal while a lot placed at it is in a running deal',
      auth: true,
      body: warehouseIdSchema,
    },
    async (c, { body, user }) => {
      await deleteMemberWarehouse(await getDb(), user.id, body.id);
      return done(c, 'warehouses.deleted');
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/user-warehouse/add-product',
      tag: TAG,
      summary:
        'Add a product (category, quantity typed in your language, unit, quality notes); 422 warehouses.invalid_product_type for machinery',
      auth: true,
      body: addWarehouseProductSchema,
    },
    async (c, { body, user }) => {
      const { warehouse_id: warehouseId, ...product } = body;
      return done(
        c,
        'warehouses.product_added',
        await addWarehouseProduct(await getDb(), user.id, warehouseId, product),
      );
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/user-warehouse/update-product',
      tag: TAG,
      summary: 'Change a product of a warehouse',
      auth: true,
      body: updateWarehouseProductSchema,
    },
    async (c, { body, user }) => {
      const { id, ...product } = body;
      await updateWarehouseProduct(await getDb(), user.id, id, product);
      return done(c, 'warehouses.product_updated');
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/user-warehouse/delete-product',
      tag: TAG,
      summary: 'Remove a product of a warehouse',
      auth: true,
      body: warehouseIdSchema,
    },
    async (c, { body, user }) => {
      await deleteWarehouseProduct(await getDb(), user.id, body.id);
      return done(c, 'warehouses.product_deleted');
    },
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/user-warehouse/valid-product-type',
      tag: TAG,
      summary: 'Whether a category may be stock in a warehouse (machinery may not)',
      auth: true,
      query: productTypeQuerySchema,
      response: z.object({ valid: z.boolean() }),
    },
    async (_c, { query }) => ({
      valid: await isValidProductType(await getDb(), query.category_kind, query.category_id),
    }),
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/user-warehouse/product-types-categories-dropdown',
      tag: TAG,
      summary: 'The categories a warehouse may stock, grouped by lot kind, names in your language',
      auth: true,
      response: z.object({
        items: z.array(
          z.object({
            category_kind: z.enum(LOT_KINDS),
            name: z.string(),
            items: z.array(
              z.object({
                id: z.number(),
                parent_id: z.number().nullable(),
                slug: z.string(),
                name: z.string(),
                level: z.number(),
              }),
            ),
          }),
        ),
      }),
    },
    async (c) => ({ items: await listStockCategories(await getDb(), c.get('locale')) }),
  );

  return app;
}
