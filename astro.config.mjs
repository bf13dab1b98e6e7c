// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import preact from '@astrojs/preact';
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

/** Libraries only some islands need: forms (zod, react-hook-form, phone numbers), maps and charts. */
const LARGE_LIBRARIES =
  /node_modules[\\/](zod|react-hook-form|libphonenumber-js|leaflet|leaflet\.markercluster|chart\.js|@kurkle)[\\/]/;

/**
 * The client build's chunks (see `vite.environments.client` below): a module goes into `runtime` when at least two
 * chunks import it and neither it nor anything it imports, however deep, is one of LARGE_LIBRARIES.
 * @returns {import('rolldown').CodeSplittingOptions}
 */
function clientChunks() {
  /**
   * Does a walk from `start` along `next` (a module's imports, or its importers) reach a module `hit` names?
   * Answers are kept in `memo` per start.
   * @param {Map<string, boolean>} memo @param {string} start @param {(id: string) => boolean} hit
   * @param {(id: string) => readonly string[]} next
   */
  const reaches = (memo, start, hit, next) => {
    if (!memo.has(start)) {
      const seen = new Set([start]);
      const stack = [start];
      let found = false;
      while (stack.length > 0 && !found) {
        const id = /** @type {string} */ (stack.pop());
        if (hit(id)) found = true;
        else
          for (const other of next(id))
            if (!seen.has(other)) {
              seen.add(other);
              stack.push(other);
            }
      }
      memo.set(start, found);
    }
    return /** @type {boolean} */ (memo.get(start));
  };
  /** @typedef {{ getModuleInfo(id: string): { importedIds: readonly string[]; importers: readonly string[] } | null }} Context */
  /** @type {Map<string, boolean>} */
  const needsLarge = new Map();
  /** Does `start`, or anything it imports however deep, belong to LARGE_LIBRARIES? @param {string} start @param {Context} ctx */
  const large = (start, ctx) =>
    reaches(
      needsLarge,
      start,
      (id) => LARGE_LIBRARIES.test(id) || needsLarge.get(id) === true,
      (id) => ctx.getModuleInfo(id)?.importedIds ?? [],
    );
  /** @type {Map<string, boolean>} */
  const forPageScripts = new Map();
  /** Does one of the pages' own scripts (loaded before the page's load event) import `start`? @param {string} start @param {Context} ctx */
  const pageScriptNeeds = (start, ctx) =>
    reaches(
      forPageScripts,
      start,
      (id) => PAGE_SCRIPT.test(id),
      (id) => ctx.getModuleInfo(id)?.importers ?? [],
    );
  return {
    groups: [
      // What the pages' scripts share, and the bundler's own helpers: small, and needed before the page has loaded.
      {
        name: (id, ctx) =>
          /rolldown[\\/]runtime/.test(id) || (pageScriptNeeds(id, ctx) && !large(id, ctx)) ? 'page' : null,
        minShareCount: 2,
        priority: 2,
      },
      {
        name: (id, ctx) => (large(id, ctx) ? null : 'runtime'),
        minShareCount: 2,
        priority: 1,
      },
    ],
  };
}

/** The modules of the pages' own scripts (`<script>` of an .astro file, compiled by Astro into a module of its own). */
const PAGE_SCRIPT = /\.astro\?astro&type=script/;

/**
 * The site's own client directives: `client:press`, an island hydrated when the pointer comes near, focus enters it
 * or it is pressed (src/scripts/client-press.ts), for large islands a member may never use on a visit; and
 * `client:settled`, hydrated once the page has loaded and the browser is idle (src/scripts/client-settled.ts).
 * @returns {import('astro').AstroIntegration}
 */
function clientDirectives() {
  return {
    name: 'mavuno:client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        for (const name of ['press', 'settled'])
          addClientDirective({
            name,
            entrypoint: fileURLToPath(new URL(`./src/scripts/client-${name}.ts`, import.meta.url)),
          });
      },
    },
  };
}

export default defineConfig({
  site: process.env.PUBLIC_URL || 'http://localhost:4321',
  output: 'server',
  // @astrojs/node supplies the request handler; src/server/integration.mjs makes our own
  // src/server/main.ts the built entry point, so the HTTP server, the API and the pages share one bundle.
  adapter: node({ mode: 'middleware' }),
  // The islands are written against React's API and run on Preact's compatibility layer (docs/architecture.md
  // "Browser"): the same components, a tenth of the runtime on the wire.
  integrations: [preact({ compat: true }), clientDirectives(), mavunoServer()],
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
    // Bundled into the server, so that their `react` is Preact's compatibility layer there too (one runtime renders
    // every island); @astrojs/preact's own list (react, react-dom) is replaced by this one, which keeps it.
    // The browser's code in few files: every module two islands share, and that needs none of the large libraries,
    // goes into one `runtime` chunk (Preact, the stores, the islands' helpers, the site's small shared modules); the
    // large libraries and what needs them stay in chunks of their own, fetched only by the islands that use them.
    environments: {
      client: { build: { rolldownOptions: { output: { codeSplitting: clientChunks() } } } },
    },
    ssr: {
      noExternal: [
        'react',
        'react-dom',
        'react-dom/test-utils',
        'react/jsx-runtime',
        'react-hook-form',
        '@nanostores/react',
      ],
    },
    // Leaflet is only imported lazily; optimizing it up front avoids a "504 Outdated Optimize Dep" in dev.
    optimizeDeps: { include: ['leaflet', 'leaflet.markercluster'] },
  },
});
