import { useEffect, useMemo, useRef, useState } from 'react';
import { type MapCenter, pointOf } from '~/features/accounts/address-value';
import MapPointField from '~/islands/address/MapPointField';
import PlaceSearch from '~/islands/address/PlaceSearch';
import { type PlaceIds, placePick } from '~/islands/address/place-search';
import { loadRegions, loadVillages } from '~/islands/address/places';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';

interface Props {
  /** Prefix of the controls' ids (`${idPrefix}-lat`, `${idPrefix}-lng`). */
  idPrefix: string;
  latitude: string;
  longitude: string;
  /** Where the map looks without a point: the chosen village, else region (when the server knows it). */
  center: MapCenter | null;
  labels: { latitude: string; longitude: string; optional: string };
  error?: string;
  messages: Messages;
}

type PlaceSelect = 'country_id' | 'region_id' | 'village_id';

/** The form's place drop-downs (rendered by the server, src/components/warehouses/WarehouseFields.astro). */
function placeSelect(form: HTMLFormElement | null | undefined, name: PlaceSelect) {
  return form?.querySelector<HTMLSelectElement>(`select[name="${name}"]`) ?? null;
}

function chosenIn(form: HTMLFormElement | null | undefined): PlaceIds {
  const value = (name: PlaceSelect) => placeSelect(form, name)?.value ?? '';
  return { country_id: value('country_id'), region_id: value('region_id'), village_id: value('village_id') };
}

/** Replaces a drop-down's options (after its first, "choose…", one) and selects `value`. */
function fillSelect(select: HTMLSelectElement | null, items: { id: number; name: string }[], value: string) {
  if (!select) return;
  while (select.options.length > 1) select.remove(1);
  for (const item of items) select.add(new Option(item.name, String(item.id)));
  select.value = value;
}

/**
 * Sets the form's country, region and village as a found or proposed place names them: the region and village
 * lists are those of the chosen country and region (without JavaScript, the form's "Show the regions and villages"
 * button does the same on the server).
 */
async function selectPlace(form: HTMLFormElement | null | undefined, ids: PlaceIds) {
  const country = placeSelect(form, 'country_id');
  if (country) country.value = ids.country_id;
  const regions = ids.country_id ? await loadRegions(Number(ids.country_id)) : null;
  fillSelect(placeSelect(form, 'region_id'), regions?.ok ? regions.data.items : [], ids.region_id);
  const villages = ids.region_id ? await loadVillages(Number(ids.region_id)) : null;
  fillSelect(placeSelect(form, 'village_id'), villages?.ok ? villages.data.items : [], ids.village_id);
}

/**
 * The point of a member's warehouse in its plain HTML form (src/components/warehouses/WarehouseFields.astro):
 * two text inputs the form posts as `latitude` and `longitude` — all a page without JavaScript has — and, once
 * hydrated, the address search and the shared MapPointField: a found place sets the country, region and village
 * drop-downs and the point; a click on the map proposes the nearest village (docs/warehouses.md "Address search
 * in forms").
 */
export default function WarehousePointField({ idPrefix, latitude, longitude, center, labels, error, messages }: Props) {
  const t = useMemo(() => createClientTranslator(messages), [messages]);
  const [lat, setLat] = useState(latitude);
  const [lng, setLng] = useState(longitude);
  // The map button does nothing without JavaScript: it appears only once the island runs.
  const [isHydrated, setHydrated] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const [searchCenter, setSearchCenter] = useState<MapCenter | null>(null);
  const [chosen, setChosen] = useState<PlaceIds>({ country_id: '', region_id: '', village_id: '' });
  useEffect(() => {
    setHydrated(true);
    const form = rootRef.current?.closest('form');
    setChosen(chosenIn(form));
    // Choosing in a drop-down by hand hands the map back to the lists' place.
    const onChange = () => {
      setChosen(chosenIn(form));
      setSearchCenter(null);
    };
    form?.addEventListener('change', onChange);
    return () => form?.removeEventListener('change', onChange);
  }, []);
  const applyPlace = (ids: PlaceIds) => {
    setChosen(ids);
    void selectPlace(rootRef.current?.closest('form'), ids);
  };
  const input = 'input input-bordered w-full text-base';

  return (
    <div ref={rootRef} className="flex flex-col gap-3">
      {isHydrated && (
        <PlaceSearch
          id={`${idPrefix}-search`}
          t={t}
          onPick={(place) => {
            const pick = placePick(place);
            if (pick.ids) applyPlace(pick.ids);
            if (pick.point) {
              setLat(String(pick.point.latitude));
              setLng(String(pick.point.longitude));
            }
            setSearchCenter(pick.center);
          }}
        />
      )}
      <div className="grid grid-cols-2 gap-3">
        {(
          [
            ['latitude', `${idPrefix}-lat`, labels.latitude, lat, setLat],
            ['longitude', `${idPrefix}-lng`, labels.longitude, lng, setLng],
          ] as const
        ).map(([name, id, label, value, set]) => (
          <div key={name} className="flex flex-col gap-1">
            <label htmlFor={id} className="font-semibold">
              {label}
              <span className="font-normal opacity-75"> ({labels.optional})</span>
            </label>
            <input
              id={id}
              name={name}
              inputMode="decimal"
              value={value}
              onChange={(e) => set(e.target.value)}
              className={`${input}${error && name === 'latitude' ? ' input-error' : ''}`}
              aria-invalid={error && name === 'latitude' ? 'true' : undefined}
              aria-describedby={error && name === 'latitude' ? `${idPrefix}-point-error` : undefined}
            />
          </div>
        ))}
      </div>
      {error && (
        <p id={`${idPrefix}-point-error`} className="text-sm font-medium text-error">
          {error}
        </p>
      )}
      {isHydrated && (
        <MapPointField
          idPrefix={`${idPrefix}-map`}
          point={pointOf({ latitude: lat, longitude: lng })}
          onChange={(point) => {
            setLat(point ? String(point.latitude) : '');
            setLng(point ? String(point.longitude) : '');
          }}
          center={searchCenter ?? center}
          t={t}
          onUsePlace={applyPlace}
          chosen={chosen}
        />
      )}
    </div>
  );
}
