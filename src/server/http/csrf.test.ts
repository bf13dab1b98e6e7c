import { describe, expect, it } from 'vitest';
import { isCrossSiteUnsafeRequest } from './csrf';

const own = 'https://mavuno.example';
const request = (method: string, headers: Record<string, string> = {}) =>
  new Request(`${own}/signin/login`, { method, headers });

describe('CSRF rule for cookie-authenticated requests', () => {
  it('refuses unsafe requests from another origin or site', () => {
    expect(isCrossSiteUnsafeRequest(request('POST', { Origin: 'https://evil.example' }), own)).toBe(true);
    expect(isCrossSiteUnsafeRequest(request('DELETE', { 'Sec-Fetch-Site': 'cross-site' }), own)).toBe(true);
    expect(isCrossSiteUnsafeRequest(request('POST', { 'Sec-Fetch-Site': 'same-site' }), own)).toBe(true);
  });

  it('accepts our own origin, safe methods, and clients that send no browser headers', () => {
    expect(isCrossSiteUnsafeRequest(request('POST', { Origin: own }), own)).toBe(false);
    expect(isCrossSiteUnsafeRequest(request('POST', { 'Sec-Fetch-Site': 'same-origin' }), own)).toBe(false);
    expect(isCrossSiteUnsafeRequest(request('GET', { Origin: 'https://evil.example' }), own)).toBe(false);
    expect(isCrossSiteUnsafeRequest(request('POST'), own)).toBe(false);
  });
});

import { isLoopbackAddress } from './client-ip';
describe('loopback addresses', () => {
  it('recognises this machine only', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.8.9.10'])
      expect(isLoopbackAddress(address)).toBe(true);
    for (const address of ['10.0.0.1', '192.168.1.5', '::ffff:10.0.0.1', '2001:db8::1', undefined, ''])
      expect(isLoopbackAddress(address)).toBe(false);
  });
});
