// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import mavunoServer from './src/server/integration.mjs';

/**
 * Browser code imports `zod` through src/features/validation/zod-jitless.ts, which turns zod's JIT off before any
 * schema is built: its `new Function` probe is a CSP violation on every page with a form (no 'unsafe-eval').
 * @returns {import('vite').Plugin}
 */
function zodJitlessInBrowsers() {
  const shim = fileURLToPath(new URL('./src/features/validation/zod-jitless.ts', import.meta.url));
  return {
    name: 'mavuno-zod-jitless',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    resolveId: (source, importer) => (source === 'zod' && importer !== shim ? shim : null),
  };
}

export default defineConfig({
  site: process.env.PUBLIC_URL || 'http://localhost:4321',
  output: 'server',
  // @astrojs/node supplies the request handler; src/server/integration.mjs makes our own
  // src/server/main.ts the built entry point, so the HTTP server, the API and the pages share one bundle.
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), mavunoServer()],
  // Sessions live in our database (issue: accounts), not in Astro's file store.
  session: false,
  // Shiki writes inline styles, which the CSP forbids. (The site's pages are rendered from the database by
  // src/server/content/render-markdown.ts; Astro renders no Markdown of ours.)
  markdown: { syntaxHighlight: false },
  trailingSlash: 'ignore',
  build: { inlineStylesheets: 'never', format: 'file' },
  server: { port: Number(process.env.PORT) || 4321, host: process.env.HOST || 'localhost' },
  security: {
    // Astro's origin check would reject form posts from mobile clients; src/server/http/csrf.ts applies our own rule.
    checkOrigin: false,
    // The policy's fixed part, the same on every deployment. The outside hosts a configuration uses (MAP_TILE_URL,
    // payment providers, the bot check) are read at run time and added by src/server/security/content-policy.ts.
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
        "frame-ancestors 'none'",
      ],
      scriptDirective: { resources: ["'self'"] },
      styleDirective: { resources: ["'self'"] },
    },
  },
  vite: {
    plugins: [tailwindcss(), zodJitlessInBrowsers()],
    build: { assetsInlineLimit: 0 },
    // Leaflet is only imported lazily; optimizing it up front avoids a "504 Outdated Optimize Dep" in dev.
    optimizeDeps: { include: ['leaflet', 'leaflet.markercluster'] },
  },
});
