// What a page weighs for an anonymous visitor, as `npm run bench` reports it (scripts/bench.mjs, warehouses.mjs):
// the HTML's transfer size raw and compressed, and the CSS and JavaScript it loads (brotli; inline scripts count).
import { request } from 'node:http';

/** Transfer size of a response with the given Accept-Encoding, measured on the raw socket bytes. */
export function transferSize(url, encoding) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'Accept-Encoding': encoding, 'Accept-Language': 'en' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'identity' }));
    });
    req.on('error', reject);
    req.end();
  });
}

export const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

/** `{raw, br, css, js}` of a page (an API address: raw and br only, css and js undefined). */
export async function pageWeight(url) {
  const raw = await transferSize(url, 'identity');
  const br = await transferSize(url, 'br');
  if (new URL(url).pathname.startsWith('/api-v2')) return { raw, br };
  const html = await (await fetch(url, { headers: { 'Accept-Language': 'en' } })).text();
  const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  const scripts = [
    ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g),
    // An island's component and renderer (astro-island's component-url and renderer-url).
    ...html.matchAll(/<astro-island[^>]+component-url="([^"]+)"/g),
    ...html.matchAll(/<astro-island[^>]+renderer-url="([^"]+)"/g),
  ].map((m) => m[1]);
  let css = 0;
  let js = 0;
  for (const href of styles) css += (await transferSize(new URL(href, url).toString(), 'br')).bytes;
  for (const src of new Set(scripts)) js += (await transferSize(new URL(src, url).toString(), 'br')).bytes;
  // Inline scripts count too (the service-worker registration may be inlined).
  js += [...html.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)].reduce((sum, m) => sum + m[1].length, 0);
  return { raw, br, css, js };
}
