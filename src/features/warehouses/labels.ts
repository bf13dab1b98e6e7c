import type { MessageKey } from '~/i18n/t';
import type { WarehouseKind, WarehouseService } from './constants';

/** Dictionary keys of the warehouse vocabulary (./constants.ts). */
export const WAREHOUSE_KIND_LABEL: Record<WarehouseKind, MessageKey> = {
  public_reserve_depot: 'warehouses.kind_public_reserve_depot',
  village_store: 'warehouses.kind_village_store',
  cooperative_store: 'warehouses.kind_cooperative_store',
  private_certified_warehouse: 'warehouses.kind_private_certified_warehouse',
  cold_store: 'warehouses.kind_cold_store',
};

export const WAREHOUSE_SERVICE_LABEL: Record<WarehouseService, MessageKey> = {
  drying: 'warehouses.service_drying',
  cleaning: 'warehouses.service_cleaning',
  grading: 'warehouses.service_grading',
  fumigation: 'warehouses.service_fumigation',
  weighbridge: 'warehouses.service_weighbridge',
  warehouse_receipts: 'warehouses.service_warehouse_receipts',
};
