import type { Translate } from '~/i18n/t';
import type { PublicWarehouse } from '~/server/services/warehouses/public-warehouse-fields';

/** "Ahero, Kisumu, Kenya": where a warehouse is, smallest place first. */
export const warehousePlaceText = (w: PublicWarehouse) =>
  [w.village_name, w.region_name, w.country_name].filter(Boolean).join(', ');

/** "1,250.5 tonnes", or undefined when the capacity is not known. */
export const warehouseCapacityText = (w: PublicWarehouse, t: Translate) =>
  w.capacity_tonnes === null
    ? undefined
    : // Rounded to the one decimal shown, so that the plural form agrees with the number.
      t('warehouses.capacity_tonnes', { count: Math.round(Number(w.capacity_tonnes) * 10) / 10 });
