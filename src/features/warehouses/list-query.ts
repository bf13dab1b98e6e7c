import { z } from 'zod';
import { listQuery, optionalInt, optionalText } from '~/features/validation/fields';
import { WAREHOUSE_KINDS, WAREHOUSE_SERVICES } from './constants';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * The public warehouse list's query (GET /api-v2/warehouse and the /world-warehouse page): filters by country,
 * region, kind and service, part of the name, a page.
 */
export const publicWarehouseQuery = listQuery.pick({ page: true, 'per-page': true }).extend({
  country_id: optionalInt(),
  region_id: optionalInt(),
  kind: z.preprocess(blankToUndefined, z.enum(WAREHOUSE_KINDS).optional()),
  service: z.preprocess(blankToUndefined, z.enum(WAREHOUSE_SERVICES).optional()),
  q: optionalText(100),
});
export type PublicWarehouseQuery = z.infer<typeof publicWarehouseQuery>;
