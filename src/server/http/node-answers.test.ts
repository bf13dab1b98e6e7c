import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { dropUnservableRange, rewriteOfflineAddress } from './node-answers';

const request = (url: string, headers: Record<string, string> = {}) => ({ url, headers }) as unknown as IncomingMessage;

describe('what the server settles before the static files and the pages', () => {
  it('passes one plain byte range on and drops any other', () => {
    for (const range of ['bytes=0-99', 'bytes=100-', 'bytes=5-5']) {
      const req = request('/x', { range });
      dropUnservableRange(req);
      expect(req.headers.range, range).toBe(range);
    }
    for (const range of [
      'bytes=9-1',
      'bytes=-500',
      'bytes=0-1,5-6',
      'items=0-1',
      'bytes=a-b',
      `bytes=${'9'.repeat(30)}-`,
    ]) {
      const req = request('/x', { range });
      dropUnservableRange(req);
      expect(req.headers.range, range).toBeUndefined();
    }
  });

  it('serves the offline page at its address in each language, keeping the query', () => {
    for (const [url, expected] of [
      ['/offline', '/offline.html'],
      ['/sw/offline/', '/offline.html'],
      ['/fr/offline?from=sw', '/offline.html?from=sw'],
      ['/de/offline', '/de/offline'],
      ['/offline/x', '/offline/x'],
    ]) {
      const req = request(url);
      rewriteOfflineAddress(req);
      expect(req.url, url).toBe(expected);
    }
  });
});
