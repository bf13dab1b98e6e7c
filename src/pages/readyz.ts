import type { APIRoute } from 'astro';
import { checkReadiness } from '~/server/services/health/check-readiness';

/**
 * Readiness under `npm run dev` (docs/operations.md "Health"); the production server answers /readyz before Astro
 * (src/server/http/operator-endpoints.ts), with the same check.
 */
export const GET: APIRoute = async () => {
  const readiness = await checkReadiness();
  return new Response(readiness.ready ? 'ok\n' : `not ready: ${readiness.reasons.join(', ')}\n`, {
    status: readiness.ready ? 200 : 503,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
};
