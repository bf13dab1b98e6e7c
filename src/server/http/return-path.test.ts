import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('safe return path after login', () => {
  it('keeps a relative path with a query', () => {
    expect(safeReturnPath('/user/offers')).toBe('/user/offers');
    expect(safeReturnPath('/sw/board?page=2&BoardQuoteSearch%5Btype%5D=sell')).toBe(
      '/sw/board?page=2&BoardQuoteSearch%5Btype%5D=sell',
    );
  });

  it('ignores anything that could leave the site or inject markup', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      '/%2F%2Fevil.example',
      '/%5Cevil.example',
      '/sw//evil.example',
      '/fr/%2F%2Fevil.example',
      '/a/b\\c',
      'javascript:alert(1)',
      'user/offers',
      '/user/"><script>',
      '/user offers',
      '/a\nb',
      '',
      null,
      undefined,
      `/${'a'.repeat(600)}`,
    ]) {
      expect(safeReturnPath(bad as string)).toBeUndefined();
    }
  });
});
