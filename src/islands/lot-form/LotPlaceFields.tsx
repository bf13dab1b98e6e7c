import { type ComponentType, useState } from 'react';
import { type Control, useController } from 'react-hook-form';
import type { MapCenter } from '../address/address-value';
import LoadFailure from '../address/LoadFailure';
import type { MapPickerProps } from '../address/MapPicker';
import { loadCountries, loadRegions, loadVillages, useOptions } from '../address/places';
import { SelectField } from '../lib/fields';
import type { ClientTranslate } from '../lib/i18n';
import type { LotFormValues } from './lot-form-values';

interface Props {
  control: Control<LotFormValues>;
  t: ClientTranslate;
  disabled?: boolean;
}

const VILLAGE_ZOOM = 14;
const REGION_ZOOM = 9;

/**
 * Where the lot is: country, region and village from the same drop-down endpoints as AddressFields, and a
 * point on the same MapPicker (loaded only when asked for). AddressFields is not reused because it always
 * shows an address label, a town field, street and house, which a lot does not have; a lot needs a village
 * or a map point instead (lotSchema's `lots.place_required`).
 */
export default function LotPlaceFields({ control, t, disabled = false }: Props) {
  const country = useController({ control, name: 'country_id' });
  const region = useController({ control, name: 'region_id' });
  const village = useController({ control, name: 'village_id' });
  const latitude = useController({ control, name: 'latitude' });
  const longitude = useController({ control, name: 'longitude' });
  const [map, setMap] = useState<{ state: 'closed' | 'loading' | 'open' | 'failed'; Picker?: ComponentType<MapPickerProps> }>({ state: 'closed' });

  const countries = useOptions(null, loadCountries);
  const chosenCountry = countries.items.find((c) => String(c.id) === country.field.value);
  const hasRegions = chosenCountry?.has_regions ?? false;
  const regions = useOptions(hasRegions ? country.field.value : '', loadRegions);
  const villages = useOptions(hasRegions ? region.field.value : '', loadVillages);
  const noRegions = chosenCountry !== undefined && (!hasRegions || (regions.state === 'ready' && regions.items.length === 0));
  const noVillages = villages.state === 'ready' && villages.items.length === 0;

  const point =
    latitude.field.value !== '' && longitude.field.value !== '' ? { latitude: Number(latitude.field.value), longitude: Number(longitude.field.value) } : null;
  const pointError = latitude.fieldState.error?.message ?? longitude.fieldState.error?.message;
  const numberFormat = new Intl.NumberFormat(typeof document === 'undefined' ? 'en' : document.documentElement.lang || 'en', { maximumFractionDigits: 6 });
  const center = mapCenter(
    villages.items.find((v) => String(v.id) === village.field.value),
    regions.items.find((r) => String(r.id) === region.field.value),
  );

  async function openMap() {
    setMap({ state: 'loading' });
    try {
      const module = await import('../address/MapPicker');
      setMap({ state: 'open', Picker: module.default });
    } catch {
      setMap({ state: 'failed' });
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm opacity-80">{t('lot_form.place_hint')}</p>
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
            country.field.onChange(e.target.value);
            region.field.onChange('');
            village.field.onChange('');
          }}
        >
          <option value="">{countries.state === 'loading' ? t('address.loading') : t('address.choose_country')}</option>
          {countries.items.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
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
              region.field.onChange(e.target.value);
              village.field.onChange('');
            }}
          >
            <option value="">{regions.state === 'loading' ? t('address.loading') : t('address.choose_region')}</option>
            {regions.items.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
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
            onChange={(e) => village.field.onChange(e.target.value)}
          >
            <option value="">
              {villages.state === 'loading' ? t('address.loading') : region.field.value ? t('address.choose_village') : t('address.choose_region_first')}
            </option>
            {villages.items.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
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

      <section className="flex flex-col gap-2" aria-labelledby="lot-point-title">
        <h3 id="lot-point-title" className="font-semibold">
          {t('address.point')}
        </h3>
        <p className="text-sm" aria-live="polite">
          {point
            ? t('address.point_value', { latitude: numberFormat.format(point.latitude), longitude: numberFormat.format(point.longitude) })
            : t('address.no_point')}
        </p>
        {pointError && (
          <p id="lot-point-error" className="text-sm font-medium text-error">
            {pointError}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            id="lot-latitude"
            ref={latitude.field.ref}
            className="btn btn-secondary min-h-11"
            aria-expanded={map.state === 'open'}
            aria-controls="lot-map"
            aria-describedby={
              [pointError ? 'lot-point-error' : '', village.fieldState.error && !pointError ? 'lot-place-error' : ''].filter(Boolean).join(' ') || undefined
            }
            disabled={disabled || map.state === 'loading'}
            onClick={() => (map.state === 'open' ? setMap({ state: 'closed' }) : openMap())}
          >
            {map.state === 'loading' && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {map.state === 'open' ? t('address.close_map') : t('address.open_map')}
          </button>
          {point && (
            <button
              type="button"
              className="btn btn-ghost min-h-11"
              disabled={disabled}
              onClick={() => {
                latitude.field.onChange('');
                longitude.field.onChange('');
              }}
            >
              {t('address.remove_point')}
            </button>
          )}
        </div>
        <div id="lot-map">
          {map.state === 'failed' && <LoadFailure text={t('address.map_failed')} onRetry={openMap} t={t} />}
          {map.state === 'open' && map.Picker && (
            <map.Picker
              value={point}
              center={center}
              label={t('address.map_label')}
              t={t}
              onChange={(p) => {
                latitude.field.onChange(String(p.latitude));
                longitude.field.onChange(String(p.longitude));
              }}
            />
          )}
        </div>
      </section>
    </div>
  );
}

function mapCenter(
  village: { latitude: number | null; longitude: number | null } | undefined,
  region: { latitude: number | null; longitude: number | null } | undefined,
): MapCenter | null {
  if (village?.latitude != null && village.longitude != null) return { latitude: village.latitude, longitude: village.longitude, zoom: VILLAGE_ZOOM };
  if (region?.latitude != null && region.longitude != null) return { latitude: region.latitude, longitude: region.longitude, zoom: REGION_ZOOM };
  return null;
}
