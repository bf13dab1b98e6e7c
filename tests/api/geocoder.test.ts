import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countries, regions, villages } from '~/server/db/schema';
import { createGazetteerGeocoder } from '~/server/geo/gazetteer';
import { NOMINATIM_USER_AGENT, createNominatimGeocoder } from '~/server/geo/nominatim';
import { get } from '../fixtures/api';
import { useTestDatabase } from '../fixtures/database';

/** Address search (docs/warehouses.md "Geocoder"): the gazetteer through the API, and the Nominatim adapter offline. */
const database = useTestDatabase();
const db = () => database.handle().db;

type Place = { type: string; id: number | null; name: string; label: string; country_code: string | null };

async function search(q: string, locale = 'en', limit = 10) {
  const answer = await get(`/geocoder/search?q=${encodeURIComponent(q)}&limit=${limit}`, locale);
  expect(answer.status, q).toBe(200);
  return answer.json.items as Place[];
}

let aheroId: number;
beforeAll(async () => {
  [{ id: aheroId }] = await db()
    .select({ id: villages.id })
    .from(villages)
    .innerJoin(regions, eq(regions.id, villages.regionId))
    .innerJoin(countries, eq(countries.id, regions.countryId))
    .where(and(eq(villages.name, 'Ahero'), eq(countries.code, 'KE')));
});

describe('GET /geocoder/search (the gazetteer)', () => {
  it('finds countries by their Swahili and French names, with or without accents', async () => {
    expect((await search('Kameruni', 'sw'))[0]).toMatchObject({
      type: 'country',
      name: 'Kameruni',
      country_code: 'CM',
    });
    expect((await search('ujerumani', 'sw'))[0]).toMatchObject({ type: 'country', country_code: 'DE' });
    for (const q of ['Sénégal', 'senegal', 'SENEGAL', 'sénégal']) {
      const [first] = await search(q, 'fr');
      expect(first, q).toMatchObject({ type: 'country', name: 'Sénégal', country_code: 'SN' });
    }
    for (const q of ["Côte d'Ivoire", 'cote d’ivoire', 'COTE D IVOIRE'.replace(' I', "'I")]) {
      expect((await search(q, 'fr'))[0], q).toMatchObject({ type: 'country', country_code: 'CI' });
    }
    // Named in the asked language, whatever language matched.
    expect((await search('Allemagne', 'sw'))[0].name).toBe('Ujerumani');
    expect((await search('Misri', 'fr'))[0].name).toBe('Égypte');
  });

  it('finds villages, regions and warehouses without accents, labelled with what they lie in', async () => {
    const [ferke] = await search('ferkessedougou', 'fr');
    expect(ferke).toMatchObject({
      type: 'village',
      name: 'Ferkessédougou',
      label: 'Ferkessédougou, Savanes, Côte d’Ivoire',
    });
    const kedougou = await search('KEDOUGOU', 'fr');
    expect(kedougou[0]).toMatchObject({ type: 'region', name: 'Kédougou', label: 'Kédougou, Sénégal' });
    const ghala = await search('ghala la nfra', 'sw');
    expect(ghala.length).toBe(3);
    expect(ghala.every((p) => p.type === 'warehouse')).toBe(true);
    expect(ghala[0].label).toMatch(/, Tanzania$/);
    expect((await search('Ross Bethio', 'fr')).map((p) => p.type)).toEqual(['village', 'warehouse']);
  });

  it('ranks the whole name, then its start, then a later word, then anywhere; bigger places first', async () => {
    // "Kitale" is a village and the start of a warehouse's name.
    expect((await search('kitale')).map((p) => [p.type, p.name])).toEqual([
      ['village', 'Kitale'],
      ['warehouse', 'Kitale Depot'],
    ]);
    // Same name, different units: the region before the village.
    const garissa = await search('Garissa');
    expect(garissa.map((p) => p.type)).toEqual(['region', 'village']);
    // "Nyanza": a village in Rwanda matched whole, before the warehouse whose name starts with it.
    const nyanza = await search('nyanza');
    expect(nyanza[0]).toMatchObject({ type: 'village', name: 'Nyanza' });
    expect(nyanza.findIndex((p) => p.name === 'Nyanza Village Store')).toBeGreaterThan(0);
    // A start beats an inside match, and a country matched only in another language (Swahili "Kisiwa cha …",
    // an island) comes after places matched as well in the caller's language.
    const kis = await search('kis');
    expect(kis.slice(0, 2).map((p) => [p.type, p.name])).toEqual([
      ['region', 'Kisii'],
      ['region', 'Kisumu'],
    ]);
    const ranks = kis.map((p) => {
      const words = p.name.toLowerCase().split(/[ -]/);
      return words[0].startsWith('kis') ? 1 : words.some((w) => w.startsWith('kis')) ? 2 : 3;
    });
    expect(ranks.slice(0, 2)).toEqual([1, 1]);
    expect(ranks.slice(2).every((r) => r >= 2)).toBe(true);
    const swKis = await search('kis', 'sw');
    expect(swKis[0]).toMatchObject({ type: 'country' });
    expect(swKis[0].name.startsWith('Kisiwa')).toBe(true);
    expect(await search('kis', 'en', 3)).toHaveLength(3);
  });

  it('answers nothing for one letter or unknown text, and 422 for a missing or oversized query', async () => {
    expect(await search('k')).toEqual([]);
    expect(await search('zzqxv')).toEqual([]);
    expect(await search('%_%')).toEqual([]);
    expect(await search("' or 1=1 --")).toEqual([]);
    for (const q of ['', `q=${'a'.repeat(101)}`, 'q=ahero&limit=0', 'q=ahero&limit=51', 'q=ahero&limit=x']) {
      expect((await get(`/geocoder/search?${q}`)).status, q).toBe(422);
    }
  });
});

describe('GET /geocoder/reverse', () => {
  it('picks the nearest village with its region and country, in the asked language', async () => {
    // A field a few kilometres west of Ahero, nearer to it than to Kisumu's other places.
    const answer = await get('/geocoder/reverse?lat=-0.17&lng=34.89', 'fr');
    expect(answer.status).toBe(200);
    expect(answer.json.place).toMatchObject({
      village: { id: aheroId, name: 'Ahero' },
      region: { name: 'Kisumu' },
      country: { code: 'KE', name: 'Kenya' },
    });
    expect(answer.json.place.distance_km).toBeGreaterThan(0);
    expect(answer.json.place.distance_km).toBeLessThan(10);
    // Dakar's Rufisque, named in French; a point near Kitale picks Kitale.
    const rufisque = await get('/geocoder/reverse?lat=14.72&lng=-17.27', 'fr');
    expect(rufisque.json.place.village.name).toBe('Rufisque');
    expect(rufisque.json.place.country.name).toBe('Sénégal');
    const kitale = await createGazetteerGeocoder(db()).reverse(1.02, 35.0, 'sw');
    expect(kitale?.village.name).toBe('Kitale');
  });

  it('answers 422 for a point off the globe or not a number', async () => {
    for (const q of ['lat=91&lng=0', 'lat=0&lng=181', 'lat=abc&lng=1', 'lng=1', 'lat=1']) {
      expect((await get(`/geocoder/reverse?${q}`)).status, q).toBe(422);
    }
  });
});

describe('the Nominatim adapter', () => {
  const recorded = (name: string) => readFileSync(new URL(`../fixtures/nominatim/${name}`, import.meta.url), 'utf8');

  function fakeService(answers: Record<string, string | number>) {
    let clock = 1_000_000;
    const calls: { url: URL; at: number; headers: Headers }[] = [];
    const sleeps: number[] = [];
    const geocoder = createNominatimGeocoder({
      baseUrl: 'https://geo.example.test/',
      now: () => clock,
      sleep: async (ms) => {
        sleeps.push(ms);
        clock += ms;
      },
      fetch: async (input, init) => {
        const url = new URL(String(input));
        calls.push({ url, at: clock, headers: new Headers(init?.headers) });
        clock += 30; // the service takes a moment
        const answer = answers[url.pathname];
        if (typeof answer === 'number') return new Response('busy', { status: answer });
        return new Response(answer, { status: 200, headers: { 'Content-Type': 'application/json' } });
      },
    });
    return { geocoder, calls, sleeps };
  }

  it('maps a recorded search answer, sends a User-Agent and the language, caches', async () => {
    const { geocoder, calls } = fakeService({ '/search': recorded('search-kitale.json') });
    const places = await geocoder.search('Kitale', 'sw', 5);
    expect(places).toEqual([
      {
        type: 'external',
        id: null,
        name: 'Kitale',
        label: 'Kitale, Trans Nzoia, Kenya',
        country_id: null,
        country_code: 'KE',
        region_id: null,
        village_id: null,
        latitude: 1.0191127,
        longitude: 35.0023045,
      },
    ]);
    expect(calls).toHaveLength(1);
    expect(calls[0].url.origin + calls[0].url.pathname).toBe('https://geo.example.test/search');
    expect(Object.fromEntries(calls[0].url.searchParams)).toMatchObject({
      q: 'Kitale',
      format: 'jsonv2',
      limit: '5',
      'accept-language': 'sw',
    });
    expect(calls[0].headers.get('user-agent')).toBe(NOMINATIM_USER_AGENT);
    expect(await geocoder.search('Kitale', 'sw', 5)).toEqual(places);
    expect(calls).toHaveLength(1);
  });

  it('maps a recorded reverse answer to the nearest town, its region and country', async () => {
    const { geocoder } = fakeService({ '/reverse': recorded('reverse-ahero.json') });
    const place = await geocoder.reverse(-0.17, 34.89, 'en');
    expect(place).toMatchObject({
      village: { id: null, name: 'Ahero', latitude: -0.1744, longitude: 34.9186 },
      region: { id: null, name: 'Kisumu County' },
      country: { id: null, code: 'KE', name: 'Kenya' },
    });
    expect(place?.distance_km).toBeGreaterThan(2);
    expect(place?.distance_km).toBeLessThan(5);
  });

  it('spaces requests one second apart, even when asked at once', async () => {
    const { geocoder, calls, sleeps } = fakeService({
      '/search': recorded('search-kitale.json'),
      '/reverse': recorded('reverse-ahero.json'),
    });
    await Promise.all([
      geocoder.search('Kitale', 'en', 5),
      geocoder.search('Eldoret', 'en', 5),
      geocoder.reverse(-0.17, 34.89, 'fr'),
    ]);
    expect(calls).toHaveLength(3);
    for (let i = 1; i < calls.length; i++) expect(calls[i].at - calls[i - 1].at).toBeGreaterThanOrEqual(1000);
    expect(sleeps.length).toBe(2);
    // A cached answer costs no request and no wait.
    await geocoder.search('Kitale', 'en', 5);
    expect(calls).toHaveLength(3);
    expect(sleeps.length).toBe(2);
  });

  it('answers nothing (not an error) when the service fails, and does not cache the failure', async () => {
    const answers: Record<string, string | number> = { '/search': 503 };
    const { geocoder, calls } = fakeService(answers);
    expect(await geocoder.search('Kitale', 'en', 5)).toEqual([]);
    answers['/search'] = recorded('search-kitale.json');
    expect(await geocoder.search('Kitale', 'en', 5)).toHaveLength(1);
    expect(calls).toHaveLength(2);
    expect(await geocoder.search('k', 'en', 5)).toEqual([]);
    expect(calls).toHaveLength(2);
  });
});
