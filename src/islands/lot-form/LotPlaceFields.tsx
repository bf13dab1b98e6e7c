import { useState } from 'react';
import { type UseFormReturn, useController } from 'react-hook-form';
import { type MapCenter, mapCenterOf, pointOf } from '~/features/accounts/address-value';
import LoadFailure from '~/islands/address/LoadFailure';
import MapPointField from '~/islands/address/MapPointField';
import PlaceOptions from '~/islands/address/PlaceOptions';
import PlaceSearch from '~/islands/address/PlaceSearch';
import { pickFields, placePick, pointFields } from '~/islands/address/place-search';
import { loadCountries, loadRegions, loadVillages, useOptions } from '~/islands/address/places';
import { SelectField, useHydrated } from '~/islands/lib/fields';
import type { ClientTranslate } from '~/islands/lib/i18n';
import type { LotFormValues } from '~/features/lots/form-values';
import type { PlainLotForm, WarehouseChoice } from '~/features/lots/lot-form-types';

interface Props {
  form: UseFormReturn<LotFormValues>;
  t: ClientTranslate;
  disabled?: boolean;
  warehouses?: WarehouseChoice[];
  /** The lists of the place shown, for the form before the island runs (and without JavaScript). */
  places: PlainLotForm['places'];
}

/**
 * Where the lot is: country, region and village from the same drop-down endpoints as AddressFields, and a
 * point with the same MapPointField. AddressFields is not reused because it always shows an address label, a
 * town field, street and house, which a lot does not have; a lot needs a village or a map point instead
 * (lotSchema's `lots.place_required`).
 */
/**
 * The fields that say where a lot is. They are checked together (lotSchema's "village or point" and "both halves of
 * the point" rules read several of them), so they are set together and checked together.
 */
const PLACE_FIELDS = ['warehouse_id', 'country_id', 'region_id', 'village_id', 'latitude', 'longitude'] as const;
type PlaceField = (typeof PLACE_FIELDS)[number];

export default function LotPlaceFields({ form, t, disabled = false, warehouses = [], places }: Props) {
  const { control } = form;
  // Once the form was submitted its errors follow every change. Set one by one, each field's own check would run
  // against the others' old values: a point from the search, its latitude set before its longitude, was refused as
  // half a point ("Pick the place on the map again") and the error stayed after the longitude came. So a change
  // of place — from the search, the map, the lists or a warehouse — sets all its fields, then checks them all once.
  const { isSubmitted } = form.formState;
  const setPlace = (changes: Partial<Record<PlaceField, string>>) => {
    for (const [name, value] of Object.entries(changes) as [PlaceField, string][])
      form.setValue(name, value, { shouldDirty: true });
    if (isSubmitted) void form.trigger([...PLACE_FIELDS]);
  };
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

  const point = pointOf({ latitude: latitude.field.value, longitude: longitude.field.value });
  const pointError = latitude.fieldState.error?.message ?? longitude.fieldState.error?.message;

  // A lot placed at a warehouse takes the warehouse's place (the API copies it too): its fields are set from the
  // warehouse and hidden; a warehouse with no country given leaves the place to the member.
  const chosenWarehouse = warehouses.find((w) => String(w.id) === warehouse.field.value);
  const isFromWarehouse = chosenWarehouse?.country_id != null;
  const text = (value: number | null | undefined) => (value == null ? '' : String(value));
  function chooseWarehouse(id: string) {
    const chosen = warehouses.find((w) => String(w.id) === id);
    if (chosen?.country_id == null) return setPlace({ warehouse_id: id });
    setPlace({
      warehouse_id: id,
      country_id: text(chosen.country_id),
      region_id: text(chosen.region_id),
      village_id: text(chosen.village_id),
      latitude: text(chosen.latitude),
      longitude: text(chosen.longitude),
    });
  }
  const hydrated = useHydrated();
  if (!hydrated) return <PlainPlaceFields form={form} t={t} warehouses={warehouses} places={places} />;

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
      <WarehouseOptions t={t} warehouses={warehouses} />
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
          setPlace(pickFields(pick));
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
            setPlace({ country_id: e.target.value, region_id: '', village_id: '' });
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
              setPlace({ region_id: e.target.value, village_id: '' });
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
              setPlace({ village_id: e.target.value });
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
        onChange={(p) => setPlace(pointFields(p))}
        center={
          searchCenter ??
          mapCenterOf(
            villages.items.find((v) => String(v.id) === village.field.value),
            regions.items.find((r) => String(r.id) === region.field.value),
          )
        }
        onUsePlace={(ids) => {
          setSearchCenter(null);
          setPlace({ country_id: ids.country_id, region_id: ids.region_id, village_id: ids.village_id });
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

/**
 * The place as plain named selects (the lists the server gave for the values shown) with a button that posts the
 * form to show the regions and villages of another country or region (docs/lots.md "The lot form without
 * JavaScript"). No map: a village says where the lot is; a point already given is posted as it is.
 */
function PlainPlaceFields({ form, t, warehouses = [], places }: Omit<Props, 'disabled'>) {
  const values = form.getValues();
  const { errors } = form.formState;
  const placeError = errors.village_id?.message ?? errors.latitude?.message ?? errors.longitude?.message;
  const select = (
    name: 'country_id' | 'region_id' | 'village_id',
    label: string,
    placeholder: string,
    list: { id: number; name: string }[],
  ) => (
    <SelectField
      id={`lot-${name}`}
      name={name}
      label={label}
      required={name === 'country_id'}
      error={name === 'village_id' ? placeError : errors[name]?.message}
      defaultValue={values[name]}
    >
      <option value="">{placeholder}</option>
      {list.map((place) => (
        <option key={place.id} value={String(place.id)}>
          {place.name}
        </option>
      ))}
    </SelectField>
  );
  return (
    <div className="flex flex-col gap-4">
      {warehouses.length > 0 && (
        <SelectField
          id="lot-warehouse_id"
          name="warehouse_id"
          label={t('lot_form.place_warehouse')}
          error={errors.warehouse_id?.message}
        >
          {/* The chosen option is marked on the option itself: the server's renderer does not carry a select's value
              to options a component renders. */}
          <WarehouseOptions t={t} warehouses={warehouses} chosen={values.warehouse_id} />
        </SelectField>
      )}
      <p className="text-sm opacity-80">{t('lot_form.place_hint_plain')}</p>
      <div className="grid gap-4 sm:grid-cols-3">
        {select('country_id', t('address.country'), t('address.choose_country'), places.countries)}
        {select(
          'region_id',
          t('address.region'),
          t(places.regions.length ? 'address.choose_region' : 'address.choose_region_first'),
          places.regions,
        )}
        {select(
          'village_id',
          t('address.village'),
          t(places.villages.length ? 'address.choose_village' : 'address.choose_region_first'),
          places.villages,
        )}
      </div>
      <div>
        <button type="submit" name="place_step" value="1" formNoValidate className="btn btn-outline btn-sm min-h-11">
          {t('lot_form.refresh_places')}
        </button>
      </div>
      {values.latitude && <input type="hidden" name="latitude" value={values.latitude} />}
      {values.longitude && <input type="hidden" name="longitude" value={values.longitude} />}
    </div>
  );
}

/** The warehouse select's choices, the same in the enhanced fields and the plain form's. */
function WarehouseOptions({
  t,
  warehouses,
  chosen,
}: Pick<Props, 't'> & { warehouses: NonNullable<Props['warehouses']>; chosen?: string }) {
  return (
    <>
      <option value="">{t('lot_form.place_warehouse_none')}</option>
      {warehouses.map((w) => (
        <option key={w.id} value={String(w.id)} {...(chosen !== undefined && { selected: String(w.id) === chosen })}>
          {w.name}
        </option>
      ))}
    </>
  );
}
