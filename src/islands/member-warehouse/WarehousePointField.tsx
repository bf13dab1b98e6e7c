import { useEffect, useMemo, useState } from 'react';
import { type MapCenter, pointOf } from '~/islands/address/address-value';
import MapPointField from '~/islands/address/MapPointField';
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

/**
 * The point of a member's warehouse in its plain HTML form (src/components/warehouses/WarehousePlaceFields.astro):
 * two text inputs the form posts as `latitude` and `longitude` — all a page without JavaScript has — and, once
 * hydrated, the shared MapPointField beside them to pick the point on the map (its picks fill the inputs).
 */
export default function WarehousePointField({ idPrefix, latitude, longitude, center, labels, error, messages }: Props) {
  const t = useMemo(() => createClientTranslator(messages), [messages]);
  const [lat, setLat] = useState(latitude);
  const [lng, setLng] = useState(longitude);
  // The map button does nothing without JavaScript: it appears only once the island runs.
  const [isHydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const input = 'input input-bordered w-full text-base';

  return (
    <div className="flex flex-col gap-3">
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
          center={center}
          t={t}
        />
      )}
    </div>
  );
}
