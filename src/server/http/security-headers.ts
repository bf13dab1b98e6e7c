import type { ServerResponse } from 'node:http';

/**
 * Headers every answer carries. Pages get their full Content-Security-Policy (with hashes of their inline
 * scripts) from Astro's `security.csp`; this default covers everything else (JSON, files), which never
 * needs to run script or be framed.
 */
export function setSecurityHeaders(res: ServerResponse, options: { isHttps: boolean; path?: string }): void {
  // A service worker runs under the CSP of its own script: it must be allowed to load workbox and to fetch.
  const isWorker = options.path === '/sw.js' || options.path?.startsWith('/workbox-');
  res.setHeader(
    'Content-Security-Policy',
    isWorker
      ? "default-src 'self'; frame-ancestors 'none'"
      : "default-src 'none'; img-src 'self'; style-src 'self'; frame-ancestors 'none'",
  );
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(self), payment=(self)');
  if (options.isHttps) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}
