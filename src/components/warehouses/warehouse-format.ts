import { formatNumber } from '~/i18n/format';
import type { Locale } from '~/i18n/config';
import type { Translate } from '~/i18n/t';
import type { PublicWarehouse } from '~/server/services/warehouses/public-warehouse-fields';

/** "Ahero, Kisumu, Kenya": where a warehouse is, smallest place first. */
export const warehousePlaceText = (w: PublicWarehouse) =>
  [w.village_name, w.region_name, w.country_name].filter(Boolean).join(', ');

/** "1,250.5 tonnes", or undefined when the capacity is not known. */
export const warehouseCapacityText = (w: PublicWarehouse, t: Translate, locale: Locale) =>
  w.capacity_tonnes === null
    ? undefined
    : t('warehouses.capacity_tonnes', {
        tonnes: formatNumber(Number(w.capacity_tonnes), locale, { maximumFractionDigits: 1 }),
      });
