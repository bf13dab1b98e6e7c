/** Kinds of public warehouses (docs/warehouses.md). */
export const WAREHOUSE_KINDS = [
  'public_reserve_depot',
  'village_store',
  'cooperative_store',
  'private_certified_warehouse',
  'cold_store',
] as const;
export type WarehouseKind = (typeof WAREHOUSE_KINDS)[number];

/** Services a public warehouse offers. */
export const WAREHOUSE_SERVICES = [
  'drying',
  'cleaning',
  'grading',
  'fumigation',
  'weighbridge',
  'warehouse_receipts',
] as const;
export type WarehouseService = (typeof WAREHOUSE_SERVICES)[number];
