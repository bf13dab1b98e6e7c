#!/usr/bin/env node
// After `astro build`: generate the service worker (workbox-build) and write brotli/gzip copies of text
// assets, so the server sends precompressed files instead of compressing on every request.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { generateSW } from 'workbox-build';

const client = path.resolve(import.meta.dirname, '../dist/client');

const { count, size, warnings } = await generateSW({
  globDirectory: client,
  // Precache what every page needs (styles, the offline page, icons); island code is cached when first used,
  // so a visitor on a slow network never downloads scripts of pages they do not open.
  globPatterns: ['_astro/**/*.css', 'offline.html', 'icons/*.{svg,png}', 'manifest.webmanifest', 'images/*.svg'],
  sourcemap: false,
  swDest: path.join(client, 'sw.js'),
  // Hashed assets never change, so the hash in their name is their revision.
  dontCacheBustURLsMatching: /^_astro\//,
  skipWaiting: true,
  clientsClaim: true,
  cleanupOutdatedCaches: true,
  navigateFallback: undefined,
  runtimeCaching: [
    {
      // Pages: always try the network first (prices and lots change), fall back to the last copy, then to the offline page.
      urlPattern: ({ request }) => request.mode === 'navigate',
      handler: 'NetworkFirst',
      options: {
        cacheName: 'pages',
        networkTimeoutSeconds: 8,
        expiration: { maxEntries: 40, maxAgeSeconds: 7 * 24 * 3600 },
        precacheFallback: { fallbackURL: '/offline.html' },
        // Personal pages (Cache-Control private or no-store) are never kept on the device: phones are shared.
        plugins: [
          {
            cacheWillUpdate: async ({ response }) =>
              /private|no-store/.test(response.headers.get('Cache-Control') ?? '') ? null : response,
          },
        ],
      },
    },
    {
      // Hashed build assets never change.
      urlPattern: ({ url }) => url.pathname.startsWith('/_astro/'),
      handler: 'CacheFirst',
      options: { cacheName: 'assets', expiration: { maxEntries: 120, maxAgeSeconds: 365 * 24 * 3600 } },
    },
    {
      // Uploaded photos are immutable (unique keys): serve from cache, fetch once. Chat photos are private to a
      // room's members (src/server/http/serve-upload.ts): never kept where the next user of the phone could read them.
      urlPattern: ({ url }) => url.pathname.startsWith('/uploads/') && !url.pathname.startsWith('/uploads/chat/'),
      handler: 'CacheFirst',
      options: { cacheName: 'uploads', expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 } },
    },
  ],
});
for (const warning of warnings) console.warn(`[postbuild] workbox: ${warning}`);
console.log(`[postbuild] service worker: ${count} files precached (${(size / 1024).toFixed(1)} KiB)`);

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}
let compressed = 0;
for (const file of walk(client)) {
  if (!/\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/.test(file)) continue;
  const data = readFileSync(file);
  if (data.length < 512) continue;
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  compressed++;
}
console.log(`[postbuild] precompressed ${compressed} files (brotli and gzip)`);
