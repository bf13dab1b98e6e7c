import { describe, expect, it } from 'vitest';
import { osmAreaUrl, osmDirectionsUrl, osmPointUrl } from './directions';

describe('OpenStreetMap links', () => {
  it('route from the visitor to the warehouse, or to it with the start left to fill', () => {
    const to = { latitude: -0.17, longitude: 34.92 };
    expect(osmDirectionsUrl(to, { latitude: -1.29, longitude: 36.82 })).toBe(
      'https://www.openstreetmap.org/directions?route=-1.29%2C36.82%3B-0.17%2C34.92',
    );
    expect(osmDirectionsUrl(to)).toBe('https://www.openstreetmap.org/directions?route=%3B-0.17%2C34.92');
  });

  it('a point with its marker, and an area around points', () => {
    expect(osmPointUrl({ latitude: 1.5, longitude: 2.25 })).toBe(
      'https://www.openstreetmap.org/?mlat=1.5&mlon=2.25#map=15/1.5/2.25',
    );
    expect(
      osmAreaUrl([
        { latitude: 0, longitude: 30 },
        { latitude: 1, longitude: 31 },
      ]),
    ).toBe('https://www.openstreetmap.org/?minlon=29.9000&minlat=-0.1000&maxlon=31.1000&maxlat=1.1000');
  });
});
