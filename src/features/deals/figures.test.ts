import { describe, expect, it } from 'vitest';
import { bookingQuantity, computeFigures, distanceKm } from './figures';

describe('offer figures', () => {
  it('computes every figure from integers, rounding each once, half up', () => {
    // 12.5 bags at KES 3,600.00 + 42.3 km at KES 55.55/km
    const f = computeFigures({
      lotPriceMinor: 360_000,
      offerPriceMinor: 355_000,
      volumeCenti: 1250,
      deliveryPricePerKmMinor: 5555,
      distanceCenti: 4230,
    });
    expect(f.offer_price_minor).toBe(4_437_500);
    expect(f.delivery_price_minor).toBe(234_977); // 5555 × 42.3 = 234,976.5 → up
    expect(f.total_price_minor).toBe(4_437_500);
    expect(f.total_price_with_delivery_minor).toBe(4_672_477);
    expect(f.price_per_unit_with_delivery_minor).toBe(373_798); // 4,672,477 / 12.5 = 373,798.16
    expect(f.price_per_unit_minor).toBe(360_000);
  });

  it('stays exact where price × volume exceeds what a double holds exactly', () => {
    // 123,456,789 × 987,654,321 = 121,932,631,112,635,269 (> 2^53): a double multiplication would be off.
    const f = computeFigures({
      lotPriceMinor: 123_456_789,
      offerPriceMinor: 123_456_789,
      volumeCenti: 987_654_321,
      deliveryPricePerKmMinor: 0,
      distanceCenti: 0,
    });
    expect(f.offer_price_minor).toBe(1_219_326_311_126_353);
  });

  it('measures straight-line distance and booking lengths', () => {
    expect(distanceKm({ latitude: -1.2921, longitude: 36.8219 }, { latitude: -0.3031, longitude: 36.08 })).toBeCloseTo(
      137.4,
      0,
    );
    expect(bookingQuantity('day', { date_from: '2026-12-01', date_to: '2026-12-03' })).toBe(3);
    expect(bookingQuantity('hour', { date_from: '2026-12-01', date_to: '2026-12-01', hour_from: 8, hour_to: 13 })).toBe(
      5,
    );
    expect(bookingQuantity('hectare', { date_from: '2026-12-01', date_to: '2026-12-02' }, 7.5)).toBe(7.5);
  });
});
