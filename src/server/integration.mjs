// @ts-check
import { fileURLToPath } from 'node:url';
import { getAdapter } from '@astrojs/node';

/**
 * Keeps @astrojs/node's adapter (its request handler, static-file rules and config module) but builds
 * src/server/main.ts as the server entry point. main.ts imports the node adapter's handler and wraps it in
 * our HTTP server (compression, security headers, /api-v2, /healthz, graceful shutdown), so pages, API and
 * database share one module graph and one database connection.
 * @returns {import('astro').AstroIntegration}
 */
export default function mavunoServer() {
  return {
    name: 'mavuno-server',
    hooks: {
      'astro:config:done': ({ setAdapter }) => {
        setAdapter({
          ...getAdapter({ staticHeaders: false }),
          serverEntrypoint: fileURLToPath(new URL('./main.ts', import.meta.url)),
        });
      },
    },
  };
}
