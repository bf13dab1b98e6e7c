import { ServerResponse, IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { setSecurityHeaders } from './security-headers';

const response = () => new ServerResponse(new IncomingMessage(new Socket()));

describe('security headers', () => {
  it('sets the defaults on every answer and HSTS only over HTTPS', () => {
    const plain = response();
    setSecurityHeaders(plain, { isHttps: false });
    expect(plain.getHeader('x-content-type-options')).toBe('nosniff');
    expect(plain.getHeader('x-frame-options')).toBe('DENY');
    expect(String(plain.getHeader('content-security-policy'))).toContain("frame-ancestors 'none'");
    expect(plain.getHeader('strict-transport-security')).toBeUndefined();
    const secure = response();
    setSecurityHeaders(secure, { isHttps: true });
    expect(secure.getHeader('strict-transport-security')).toMatch(/max-age=\d{8}/);
  });

  it('lets the service worker load its scripts and fetch from the site', () => {
    const worker = response();
    setSecurityHeaders(worker, { isHttps: false, path: '/sw.js' });
    expect(worker.getHeader('content-security-policy')).toBe("default-src 'self'; frame-ancestors 'none'");
  });
});
