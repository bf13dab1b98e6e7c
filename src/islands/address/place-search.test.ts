import { describe, expect, it } from 'vitest';
import {
  type FoundPlace,
  type NearestPlace,
  formatDistance,
  isNewProposal,
  moveHighlight,
  nearestIds,
  nearestName,
  pickFields,
  placePick,
  pointFields,
  searchable,
} from './place-search';

const place = (changes: Partial<FoundPlace>): FoundPlace => ({
  type: 'village',
  id: 30,
  name: 'Ahero',
  label: 'Ahero, Kisumu, Kenya',
  country_id: 1,
  country_code: 'KE',
  region_id: 20,
  village_id: 30,
  latitude: -0.17,
  longitude: 34.92,
  ...changes,
});

const nearest = (changes: Partial<NearestPlace> = {}): NearestPlace => ({
  village: { id: 30, name: 'Ahero', latitude: -0.17, longitude: 34.92 },
  region: { id: 20, name: 'Kisumu' },
  country: { id: 1, code: 'KE', name: 'Kenya' },
  distance_km: 1.2,
  ...changes,
});

describe('placePick: what a found place fills', () => {
  it('a village selects country, region and village, sets its point and looks closely', () => {
    expect(placePick(place({}))).toEqual({
      ids: { country_id: '1', region_id: '20', village_id: '30' },
      point: { latitude: -0.17, longitude: 34.92 },
      center: { latitude: -0.17, longitude: 34.92, zoom: 14 },
    });
  });

  it('a region selects country and region, clears the village, keeps the point and shows the whole region', () => {
    const pick = placePick(place({ type: 'region', id: 20, village_id: null, latitude: -0.3, longitude: 34.9 }));
    expect(pick.ids).toEqual({ country_id: '1', region_id: '20', village_id: '' });
    expect(pick.point).toBeNull();
    expect(pick.center?.zoom).toBe(9);
  });

  it('a country clears region and village and zooms out to the country', () => {
    const pick = placePick(place({ type: 'country', id: 1, region_id: null, village_id: null }));
    expect(pick.ids).toEqual({ country_id: '1', region_id: '', village_id: '' });
    expect(pick.point).toBeNull();
    expect(pick.center?.zoom).toBe(6);
  });

  it('a warehouse fills the lists as far as they are known and sets its point', () => {
    const pick = placePick(place({ type: 'warehouse', id: 7, village_id: null }));
    expect(pick.ids).toEqual({ country_id: '1', region_id: '20', village_id: '' });
    expect(pick.point).toEqual({ latitude: -0.17, longitude: 34.92 });
  });

  it('a place from an outside geocoder (no ids) leaves the lists alone and only moves the point and the map', () => {
    const pick = placePick(
      place({ type: 'external', id: null, country_id: null, region_id: null, village_id: null, country_code: 'CI' }),
    );
    expect(pick.ids).toBeNull();
    expect(pick.point).toEqual({ latitude: -0.17, longitude: 34.92 });
    expect(pick.center).not.toBeNull();
  });

  it('a place without coordinates moves neither point nor map', () => {
    const pick = placePick(place({ latitude: null, longitude: null }));
    expect(pick.point).toBeNull();
    expect(pick.center).toBeNull();
  });
});

describe('the nearest-village proposal', () => {
  it('names the village and its region, and the lists it would set', () => {
    expect(nearestName(nearest())).toBe('Ahero, Kisumu');
    expect(nearestName(nearest({ region: null }))).toBe('Ahero');
    expect(nearestIds(nearest())).toEqual({ country_id: '1', region_id: '20', village_id: '30' });
  });

  it('is not offered for a village outside the lists, nor for the village already chosen', () => {
    expect(nearestIds(nearest({ village: { id: null, name: 'Ahero', latitude: null, longitude: null } }))).toBeNull();
    expect(isNewProposal(nearest(), { village_id: '30' })).toBe(false);
    expect(isNewProposal(nearest(), { village_id: '31' })).toBe(true);
    expect(isNewProposal(nearest(), {})).toBe(true);
  });

  it('gives the distance in the page language, in metres under a kilometre', () => {
    expect(formatDistance(1.2, 'en')).toBe('1.2 km');
    expect(formatDistance(1.2, 'fr')).toMatch(/^1,2\s?km$/);
    expect(formatDistance(0.4, 'en')).toBe('400 m');
  });
});

describe('the search box', () => {
  it('searches from two letters, spaces not counted', () => {
    expect(searchable('a')).toBe(false);
    expect(searchable(' a ')).toBe(false);
    expect(searchable('ah')).toBe(true);
  });

  it('moves the highlight with the arrow keys, wrapping around, and Home and End', () => {
    expect(moveHighlight(-1, 3, 'ArrowDown')).toBe(0);
    expect(moveHighlight(2, 3, 'ArrowDown')).toBe(0);
    expect(moveHighlight(0, 3, 'ArrowUp')).toBe(2);
    expect(moveHighlight(-1, 3, 'ArrowUp')).toBe(2);
    expect(moveHighlight(1, 3, 'Home')).toBe(0);
    expect(moveHighlight(1, 3, 'End')).toBe(2);
    expect(moveHighlight(1, 0, 'ArrowDown')).toBe(-1);
  });
});

describe('pickFields: what a form sets from a pick', () => {
  it('sets the ids it has and the point of a spot, and nothing of a region but its ids', () => {
    expect(pickFields(placePick(place({})))).toEqual({
      country_id: '1',
      region_id: '20',
      village_id: '30',
      latitude: String(place({}).latitude),
      longitude: String(place({}).longitude),
    });
    expect(pickFields(placePick(place({ type: 'region', id: 20, village_id: null })))).toEqual({
      country_id: '1',
      region_id: '20',
      village_id: '',
    });
    expect(pointFields(null)).toEqual({ latitude: '', longitude: '' });
  });
});
