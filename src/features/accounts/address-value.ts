import { readMachineNumber } from '~/features/numbers/parse';
import { ADDRESS_LABELS } from '~/features/accounts/constants';

export type AddressLabel = (typeof ADDRESS_LABELS)[number];

/**
 * An address as a form holds it: every value a string, as inputs give them; `addressSchema`
 * (src/features/accounts/schemas.ts) turns blanks into "not given" and text into numbers, so the same value can be
 * validated in the island and sent to the API as it is.
 */
export interface AddressValue {
  label: AddressLabel;
  country_id: string;
  region_id: string;
  village_id: string;
  city: string;
  street: string;
  house: string;
  latitude: string;
  longitude: string;
}
export type AddressField = keyof AddressValue;
/** Messages to show under the fields, already translated (from zodFormResolver or the API). */
export type AddressErrors = Partial<Record<AddressField, string>>;

export interface GeoPoint {
  latitude: number;
  longitude: number;
}
export interface MapCenter extends GeoPoint {
  zoom: number;
}

export const emptyAddress = (): AddressValue => ({
  label: 'home',
  country_id: '',
  region_id: '',
  village_id: '',
  city: '',
  street: '',
  house: '',
  latitude: '',
  longitude: '',
});

/** An item of GET /user/get-user-address/ as a form value. */
export function addressValueFrom(item: {
  label: string;
  country_id: number | null;
  region_id?: number | null;
  village_id?: number | null;
  city?: string | null;
  street?: string | null;
  house?: string | null;
  latitude?: number | string | null;
  longitude?: number | string | null;
}): AddressValue {
  const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
  return {
    label: (ADDRESS_LABELS as readonly string[]).includes(item.label) ? (item.label as AddressLabel) : 'other',
    country_id: text(item.country_id),
    region_id: text(item.region_id),
    village_id: text(item.village_id),
    city: text(item.city),
    street: text(item.street),
    house: text(item.house),
    latitude: text(item.latitude),
    longitude: text(item.longitude),
  };
}

/** The id of a field's control, so a form can move focus to the first invalid one. */
export const addressFieldId = (idPrefix: string, field: AddressField) => `${idPrefix}-${field}`;

/** The point of an address (or of another form's place), or null when none is picked (or it is half given). */
export function pointOf(value: Pick<AddressValue, 'latitude' | 'longitude'>): GeoPoint | null {
  // Coordinates come from the map (or a saved place) as a program writes numbers: never typed by a person.
  const latitude = readMachineNumber(value.latitude);
  const longitude = readMachineNumber(value.longitude);
  return typeof latitude === 'number' && typeof longitude === 'number' ? { latitude, longitude } : null;
}

/** Six decimals place a point within about 10 cm: more would be noise from the click. */
export const roundCoordinate = (value: number) => Math.round(value * 1e6) / 1e6;

const VILLAGE_ZOOM = 14;
const REGION_ZOOM = 9;

/** Where a map looks for a place without a point: the chosen village, else the chosen region (where known). */
export function mapCenterOf(
  village: { latitude: number | null; longitude: number | null } | undefined,
  region: { latitude: number | null; longitude: number | null } | undefined,
): MapCenter | null {
  if (village?.latitude != null && village.longitude != null)
    return { latitude: village.latitude, longitude: village.longitude, zoom: VILLAGE_ZOOM };
  if (region?.latitude != null && region.longitude != null)
    return { latitude: region.latitude, longitude: region.longitude, zoom: REGION_ZOOM };
  return null;
}
