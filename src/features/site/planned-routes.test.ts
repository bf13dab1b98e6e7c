import { describe, expect, it } from 'vitest';
import { isPlannedRoute } from './planned-routes';

describe('routes still coming', () => {
  it('no longer counts the member’s warehouse pages and cabinet card among them', () => {
    for (const path of [
      '/user/profile/warehouse',
      '/user/profile/warehouse/new',
      '/user/profile/warehouse/public?q=kitale',
      '/user/profile/warehouse/42',
      '/user/profile/cabinet-cards/warehouse',
      '/user/profile/price-alerts',
      '/user/profile/price-alerts/new',
      '/user/profile/price-alerts/7',
    ])
      expect(isPlannedRoute(path), path).toBe(false);
  });

  it('still counts a profile page that does not exist', () => {
    expect(isPlannedRoute('/user/profile/warehouse/42/stock')).toBe(true);
    expect(isPlannedRoute('/user/profile/warehouses')).toBe(true);
    expect(isPlannedRoute('/user/profile/price-alerts/7/history')).toBe(true);
  });
});
