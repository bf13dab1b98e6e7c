import type { APIRoute } from 'astro';
import { getApiApp } from '~/server/api/app';

/**
 * In development (astro dev) the API is reached through this route. The production server (src/server/main.ts)
 * hands /api-v2 to the same Hono app before Astro, so both run the same code.
 */
export const ALL: APIRoute = ({ request, clientAddress }) => getApiApp().fetch(request, { clientAddress });
