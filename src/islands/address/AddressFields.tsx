/**
 * Address fields with an optional map — reusable by any island that edits an address (sign-up wizard, profile).
 *
 * ## AddressFields (default export of this file)
 *
 *   <AddressFields value={address} onChange={setAddress} errors={errors} t={t} idPrefix="address" />
 *
 * - `value: AddressValue` — every field a string, as forms hold them (`emptyAddress()` to start,
 *   `addressValueFrom(item)` for an item of GET /user/get-user-address/). Validate it, and send it, as it is:
 *   `addressSchema` (src/features/accounts/schemas.ts) reads blanks as "not given" and text as numbers.
 * - `onChange(next: AddressValue)` — called with the whole new value on every change (controlled component).
 * - `errors?: AddressErrors` — translated messages per field (`country_id`, `village_id`, `latitude`, …), e.g.
 *   from zodFormResolver or from an API answer's `Address.*` / `address.*` errors with the prefix cut off.
 * - `t: ClientTranslate` — the island's translator; its messages must include the prefixes `address.` and
 *   `accounts.` (messagesFor(locale, ['address.', 'accounts.', …]) on the page).
 * - `idPrefix?: string` — prefix of the controls' ids (default `address`); use a different one per address form
 *   on a page. `focusAddressField(idPrefix, field)` moves focus to a field's control (for "first invalid field").
 * - `disabled?: boolean` — while the form is being sent.
 *
 * Places come from GET /country-dropdown, POST /region/country-region-dropdown {country_id} and
 * POST /village-by-region {region_id}; a country without regions, or a region without villages, gets the free
 * "town or city" field. The place can be given without the map (village or town), and the map is loaded only
 * when the user presses "Pick on the map".
 *
 * Above the lists, the address search (PlaceSearch.tsx, GET /geocoder/search): a picked place selects its country,
 * region and village in the lists, sets the point of a village (or a place found outside Mavuno's lists) and moves
 * the map there. A point put on the map proposes its nearest village (GET /geocoder/reverse), which the user takes
 * with one button (MapPointField's `onUsePlace`). Both only help: the lists alone, and the plain form without
 * JavaScript, still do everything.
 *
 * ## MapPicker (default export of ./MapPicker.tsx; load it with `import('./MapPicker')` so Leaflet stays out of
 * the page's first download)
 *
 *   <MapPicker value={point} onChange={setPoint} center={center} label={t('address.map_label')} t={t} />
 *
 * - `value: GeoPoint | null` ({latitude, longitude}) and `onChange(point: GeoPoint)`: the picked point (click or
 *   tap, drag of the pin, "use my location", or the keyboard: arrow keys move the map, "Put the pin at the
 *   centre" drops it at the centre cross). Coordinates are rounded to 6 decimals.
 * - `center?: MapCenter | null` ({latitude, longitude, zoom}): where to look without a point, and where to go
 *   when it changes (AddressFields passes the chosen village, else the chosen region).
 * - `label: string`: the map's accessible name. `t`: as above (keys `address.map_*`, `address.geolocation_*`).
 */
import { useRef, useState } from 'react';
import { ADDRESS_LABELS } from '~/features/accounts/constants';
import { ADDRESS_LABEL_KEYS } from '~/features/accounts/labels';
import { SelectField, TextField } from '~/islands/lib/fields';
import type { ClientTranslate } from '~/islands/lib/i18n';
import {
  type AddressErrors,
  type AddressField,
  type AddressValue,
  type MapCenter,
  addressFieldId,
  mapCenterOf,
  pointOf,
} from '~/features/accounts/address-value';
import LoadFailure from './LoadFailure';
import MapPointField from './MapPointField';
import PlaceOptions from './PlaceOptions';
import PlaceSearch from './PlaceSearch';
import { type FoundPlace, type PlaceIds, placePick, pointFields } from './place-search';
import { loadCountries, loadRegions, loadVillages, useOptions } from './places';

export interface AddressFieldsProps {
  value: AddressValue;
  onChange: (next: AddressValue) => void;
  errors?: AddressErrors;
  t: ClientTranslate;
  idPrefix?: string;
  disabled?: boolean;
}

/**
 * Where focus goes for an error on `field`: the village list may be replaced by the town field, the point by the
 * map button. A list still loading is missing or disabled (and cannot take focus), so this waits a little for it.
 */
export function focusAddressField(idPrefix: string, field: AddressField, attemptsLeft = 20): void {
  const fallbacks: AddressField[] =
    field === 'village_id'
      ? ['village_id', 'city']
      : field === 'latitude' || field === 'longitude'
        ? ['latitude']
        : [field];
  const element = fallbacks
    .map(
      (candidate) =>
        document.getElementById(addressFieldId(idPrefix, candidate)) as HTMLInputElement | HTMLSelectElement | null,
    )
    .find(Boolean);
  if ((!element || element.disabled) && attemptsLeft > 0)
    window.setTimeout(() => focusAddressField(idPrefix, field, attemptsLeft - 1), 150);
  else element?.focus();
}

export default function AddressFields({
  value,
  onChange,
  errors = {},
  t,
  idPrefix = 'address',
  disabled = false,
}: AddressFieldsProps) {
  const id = (field: AddressField) => addressFieldId(idPrefix, field);
  const countries = useOptions(null, loadCountries);
  const country = countries.items.find((c) => String(c.id) === value.country_id);
  const hasRegions = country?.has_regions ?? false;
  const regions = useOptions(hasRegions ? value.country_id : '', loadRegions);
  const villages = useOptions(hasRegions ? value.region_id : '', loadVillages);
  const [placeMode, setPlaceMode] = useState<'village' | 'city'>(value.city && !value.village_id ? 'city' : 'village');
  /** What the user gave in the hidden one of village/town, so switching back does not lose it. */
  const stashed = useRef({ village_id: '', city: '' });

  const noVillages = villages.state === 'ready' && villages.items.length === 0;
  const townOnly =
    (country !== undefined && !hasRegions) || (regions.state === 'ready' && regions.items.length === 0) || noVillages;
  const showCity = townOnly || placeMode === 'city';

  /** Where the last searched place put the map; choosing in the lists by hand lets the lists lead again. */
  const [searchCenter, setSearchCenter] = useState<MapCenter | null>(null);

  const set = (changes: Partial<AddressValue>) => onChange({ ...value, ...changes });
  const setPlace = (changes: Partial<AddressValue>) => {
    setSearchCenter(null);
    set(changes);
  };

  /** The lists take a found (or proposed) place: a village switches from the town field back to the list. */
  function takeIds(ids: PlaceIds, changes: Partial<AddressValue> = {}) {
    if (ids.village_id) {
      stashed.current.city = value.city || stashed.current.city;
      setPlaceMode('village');
      set({ ...ids, city: '', ...changes });
    } else set({ ...ids, ...changes });
  }

  function pickPlace(place: FoundPlace) {
    const pick = placePick(place);
    const point = pick.point ? pointFields(pick.point) : {};
    if (pick.ids) takeIds(pick.ids, point);
    else set(point);
    setSearchCenter(pick.center);
  }

  function choosePlaceMode(mode: 'village' | 'city') {
    if (mode === placeMode) return;
    const hidden = mode === 'city' ? 'village_id' : 'city';
    const shown = mode === 'city' ? 'city' : 'village_id';
    const previous = value[hidden];
    set({ [hidden]: '', [shown]: value[shown] || stashed.current[shown] });
    stashed.current[hidden] = previous;
    setPlaceMode(mode);
  }

  return (
    <div className="space-y-4">
      <SelectField
        id={id('label')}
        label={t('address.label_field')}
        error={errors.label}
        value={value.label}
        disabled={disabled}
        onChange={(e) => set({ label: e.target.value as AddressValue['label'] })}
      >
        {ADDRESS_LABELS.map((label) => (
          <option key={label} value={label}>
            {t(ADDRESS_LABEL_KEYS[label])}
          </option>
        ))}
      </SelectField>

      <PlaceSearch id={`${idPrefix}-search`} onPick={pickPlace} t={t} disabled={disabled} />

      <SelectField
        id={id('country_id')}
        label={t('address.country')}
        error={errors.country_id}
        value={value.country_id}
        disabled={disabled || countries.state !== 'ready'}
        autoComplete="country"
        onChange={(e) => setPlace({ country_id: e.target.value, region_id: '', village_id: '' })}
      >
        <PlaceOptions list={countries} placeholder={t('address.choose_country')} t={t} />
      </SelectField>
      {countries.state === 'failed' && <LoadFailure text={t('address.list_failed')} onRetry={countries.retry} t={t} />}

      {hasRegions && (
        <>
          <SelectField
            id={id('region_id')}
            label={t('address.region')}
            error={errors.region_id}
            value={value.region_id}
            disabled={disabled || regions.state !== 'ready' || regions.items.length === 0}
            onChange={(e) => setPlace({ region_id: e.target.value, village_id: '' })}
          >
            <PlaceOptions list={regions} placeholder={t('address.choose_region')} t={t} />
          </SelectField>
          {regions.state === 'failed' && <LoadFailure text={t('address.list_failed')} onRetry={regions.retry} t={t} />}
        </>
      )}

      <fieldset className="space-y-3">
        <legend className="mb-1 font-semibold">{t('address.place_legend')}</legend>
        {!townOnly && country && (
          <div className="flex flex-wrap gap-x-6 gap-y-1">
            {(['village', 'city'] as const).map((mode) => (
              <label key={mode} className="flex min-h-11 cursor-pointer items-center gap-2">
                <input
                  type="radio"
                  className="radio radio-primary"
                  name={`${idPrefix}-place-mode`}
                  checked={placeMode === mode}
                  disabled={disabled}
                  onChange={() => choosePlaceMode(mode)}
                />
                {mode === 'village' ? t('address.place_village') : t('address.place_city')}
              </label>
            ))}
          </div>
        )}
        {noVillages && <p className="text-sm opacity-80">{t('address.no_villages')}</p>}
        {country && !hasRegions && <p className="text-sm opacity-80">{t('address.no_regions')}</p>}
        {!showCity && (
          <>
            <SelectField
              id={id('village_id')}
              label={t('address.village')}
              error={errors.village_id}
              value={value.village_id}
              disabled={disabled || villages.state !== 'ready'}
              onChange={(e) => setPlace({ village_id: e.target.value })}
            >
              <PlaceOptions
                list={villages}
                placeholder={t(value.region_id ? 'address.choose_village' : 'address.choose_region_first')}
                t={t}
              />
            </SelectField>
            {villages.state === 'failed' && (
              <LoadFailure text={t('address.list_failed')} onRetry={villages.retry} t={t} />
            )}
          </>
        )}
        {showCity && (
          <TextField
            id={id('city')}
            label={t('address.city')}
            error={errors.city ?? errors.village_id}
            value={value.city}
            disabled={disabled}
            autoComplete="address-level2"
            maxLength={120}
            onChange={(e) => set({ city: e.target.value })}
          />
        )}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <TextField
          id={id('street')}
          label={t('address.street')}
          optional={t('address.optional')}
          error={errors.street}
          value={value.street}
          disabled={disabled}
          autoComplete="address-line1"
          maxLength={160}
          onChange={(e) => set({ street: e.target.value })}
        />
        <TextField
          id={id('house')}
          label={t('address.house')}
          optional={t('address.optional')}
          error={errors.house}
          value={value.house}
          disabled={disabled}
          autoComplete="address-line2"
          maxLength={40}
          onChange={(e) => set({ house: e.target.value })}
        />
      </div>

      <MapPointField
        idPrefix={idPrefix}
        point={pointOf(value)}
        onChange={(point) =>
          set({ latitude: point ? String(point.latitude) : '', longitude: point ? String(point.longitude) : '' })
        }
        center={
          searchCenter ??
          mapCenterOf(
            villages.items.find((v) => String(v.id) === value.village_id),
            regions.items.find((r) => String(r.id) === value.region_id),
          )
        }
        error={errors.latitude ?? errors.longitude}
        t={t}
        disabled={disabled}
        onUsePlace={(ids) => {
          setSearchCenter(null);
          takeIds(ids);
        }}
        chosen={value}
      />
    </div>
  );
}
