import { describe, expect, it } from 'vitest';
import { isReadablePagePath } from './page-path';

describe('page paths a language prefix may be rewritten to', () => {
  it('takes plain and well-encoded paths', () => {
    for (const path of ['/', '/board', '/board/12', '/fr%C3%A9', '/a%20b', '/deal-record/AbC_-9']) {
      expect(isReadablePagePath(path), path).toBe(true);
    }
  });

  it('refuses what does not decode, or decodes to an escape again', () => {
    for (const path of ['/%25', '/%FF', '/%E0%A4%A', '/board/%ZZ', '/%2525', '/a%', '/%C3']) {
      expect(isReadablePagePath(path), path).toBe(false);
    }
  });
});
