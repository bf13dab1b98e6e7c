import { useState } from 'react';
import { type Control, useController } from 'react-hook-form';
import { type MapCenter, mapCenterOf, pointOf } from '~/islands/address/address-value';
import LoadFailure from '~/islands/address/LoadFailure';
import MapPointField from '~/islands/address/MapPointField';
import PlaceOptions from '~/islands/address/PlaceOptions';
import PlaceSearch from '~/islands/address/PlaceSearch';
import { type PlaceIds, placePick } from '~/islands/address/place-search';
import { loadCountries, loadRegions, loadVillages, useOptions } from '~/islands/address/places';
import { SelectField } from '~/islands/lib/fields';
import type { ClientTranslate } from '~/islands/lib/i18n';
import type { LotFormValues } from '~/features/lots/form-values';

/** One of the owner's warehouses, with the place a lot placed there takes (docs/warehouses.md). */
export interface WarehouseChoice {
  id: number;
  name: string;
  country_id: number | null;
  region_id: number | null;
  village_id: number | null;
  latitude: number | null;
  longitude: number | null;
}

interface Props {
  control: Control<LotFormValues>;
  t: ClientTranslate;
  disabled?: boolean;
  warehouses?: WarehouseChoice[];
}

/**
 * Where the lot is: country, region and village from the same drop-down endpoints as AddressFields, and a
 * point with the same MapPointField. AddressFields is not reused because it always shows an address label, a
 * town field, street and house, which a lot does not have; a lot needs a village or a map point instead
 * (lotSchema's `lots.place_required`).
 */
export default function LotPlaceFields({ control, t, disabled = false, warehouses = [] }: Props) {
  const warehouse = useController({ control, name: 'warehouse_id' });
  const country = useController({ control, name: 'country_id' });
  const region = useController({ control, name: 'region_id' });
  const village = useController({ control, name: 'village_id' });
  const latitude = useController({ control, name: 'latitude' });
  const longitude = useController({ control, name: 'longitude' });

  const countries = useOptions(null, loadCountries);
  const chosenCountry = countries.items.find((c) => String(c.id) === country.field.value);
  const hasRegions = chosenCountry?.has_regions ?? false;
  const regions = useOptions(hasRegions ? country.field.value : '', loadRegions);
  const villages = useOptions(hasRegions ? region.field.value : '', loadVillages);
  const noRegions =
    chosenCountry !== undefined && (!hasRegions || (regions.state === 'ready' && regions.items.length === 0));
  const noVillages = villages.state === 'ready' && villages.items.length === 0;

  /** Where the last searched place put the map; choosing in the lists by hand lets the lists lead again. */
  const [searchCenter, setSearchCenter] = useState<MapCenter | null>(null);
  const setIds = (ids: PlaceIds) => {
    country.field.onChange(ids.country_id);
    region.field.onChange(ids.region_id);
    village.field.onChange(ids.village_id);
  };
  const setPoint = (p: { latitude: number; longitude: number } | null) => {
    latitude.field.onChange(p ? String(p.latitude) : '');
    longitude.field.onChange(p ? String(p.longitude) : '');
  };

  const point = pointOf({ latitude: latitude.field.value, longitude: longitude.field.value });
  const pointError = latitude.fieldState.error?.message ?? longitude.fieldState.error?.message;

  // A lot placed at a warehouse takes the warehouse's place (the API copies it too): its fields are set from the
  // warehouse and hidden; a warehouse with no country given leaves the place to the member.
  const chosenWarehouse = warehouses.find((w) => String(w.id) === warehouse.field.value);
  const isFromWarehouse = chosenWarehouse?.country_id != null;
  const text = (value: number | null | undefined) => (value == null ? '' : String(value));
  function chooseWarehouse(id: string) {
    warehouse.field.onChange(id);
    const chosen = warehouses.find((w) => String(w.id) === id);
    if (chosen?.country_id == null) return;
    country.field.onChange(text(chosen.country_id));
    region.field.onChange(text(chosen.region_id));
    village.field.onChange(text(chosen.village_id));
    latitude.field.onChange(text(chosen.latitude));
    longitude.field.onChange(text(chosen.longitude));
  }
  const warehouseSelect = warehouses.length > 0 && (
    <SelectField
      id="lot-warehouse_id"
      label={t('lot_form.place_warehouse')}
      error={warehouse.fieldState.error?.message}
      value={warehouse.field.value}
      ref={warehouse.field.ref}
      disabled={disabled}
      onBlur={warehouse.field.onBlur}
      onChange={(e) => chooseWarehouse(e.target.value)}
    >
      <option value="">{t('lot_form.place_warehouse_none')}</option>
      {warehouses.map((w) => (
        <option key={w.id} value={String(w.id)}>
          {w.name}
        </option>
      ))}
    </SelectField>
  );
  if (isFromWarehouse)
    return (
      <div className="flex flex-col gap-4">
        {warehouseSelect}
        <p className="text-sm opacity-80">{t('lot_form.place_from_warehouse')}</p>
      </div>
    );

  return (
    <div className="flex flex-col gap-4">
      {warehouseSelect}
      <p className="text-sm opacity-80">{t('lot_form.place_hint')}</p>
      <PlaceSearch
        id="lot-place-search"
        t={t}
        disabled={disabled}
        onPick={(place) => {
          const pick = placePick(place);
          if (pick.ids) setIds(pick.ids);
          if (pick.point) setPoint(pick.point);
          setSearchCenter(pick.center);
        }}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          id="lot-country_id"
          label={t('address.country')}
          required
          error={country.fieldState.error?.message}
          value={country.field.value}
          ref={country.field.ref}
          disabled={disabled || countries.state !== 'ready'}
          onBlur={country.field.onBlur}
          onChange={(e) => {
            setSearchCenter(null);
            country.field.onChange(e.target.value);
            region.field.onChange('');
            village.field.onChange('');
          }}
        >
          <PlaceOptions list={countries} placeholder={t('address.choose_country')} t={t} />
        </SelectField>

        {hasRegions && !noRegions && (
          <SelectField
            id="lot-region_id"
            label={t('address.region')}
            error={region.fieldState.error?.message}
            value={region.field.value}
            ref={region.field.ref}
            disabled={disabled || regions.state !== 'ready'}
            onBlur={region.field.onBlur}
            onChange={(e) => {
              setSearchCenter(null);
              region.field.onChange(e.target.value);
              village.field.onChange('');
            }}
          >
            <PlaceOptions list={regions} placeholder={t('address.choose_region')} t={t} />
          </SelectField>
        )}

        {hasRegions && !noRegions && !noVillages && (
          <SelectField
            id="lot-village_id"
            label={t('address.village')}
            error={village.fieldState.error?.message}
            value={village.field.value}
            ref={village.field.ref}
            disabled={disabled || villages.state !== 'ready'}
            onBlur={village.field.onBlur}
            onChange={(e) => {
              setSearchCenter(null);
              village.field.onChange(e.target.value);
            }}
          >
            <PlaceOptions
              list={villages}
              placeholder={t(region.field.value ? 'address.choose_village' : 'address.choose_region_first')}
              t={t}
            />
          </SelectField>
        )}
      </div>
      {countries.state === 'failed' && <LoadFailure text={t('address.list_failed')} onRetry={countries.retry} t={t} />}
      {regions.state === 'failed' && <LoadFailure text={t('address.list_failed')} onRetry={regions.retry} t={t} />}
      {villages.state === 'failed' && <LoadFailure text={t('address.list_failed')} onRetry={villages.retry} t={t} />}
      {(noRegions || noVillages) && <p className="text-sm opacity-80">{t('lot_form.no_villages')}</p>}
      {/* Without a village list there is no village control to carry the "village or point" error. */}
      {(noRegions || noVillages || !hasRegions) && village.fieldState.error?.message && !pointError && (
        <p id="lot-place-error" className="text-sm font-medium text-error">
          {village.fieldState.error.message}
        </p>
      )}

      <MapPointField
        idPrefix="lot"
        point={point}
        onChange={setPoint}
        center={
          searchCenter ??
          mapCenterOf(
            villages.items.find((v) => String(v.id) === village.field.value),
            regions.items.find((r) => String(r.id) === region.field.value),
          )
        }
        onUsePlace={(ids) => {
          setSearchCenter(null);
          setIds(ids);
        }}
        chosen={{ village_id: village.field.value }}
        error={pointError}
        describedBy={village.fieldState.error && !pointError ? 'lot-place-error' : undefined}
        buttonRef={latitude.field.ref}
        t={t}
        disabled={disabled}
      />
    </div>
  );
}
