import type { APIRoute } from 'astro';
import { getHealth } from '~/server/services/health/get-health';

/** For load balancers: 200 when the database answers, 503 when it does not. */
export const GET: APIRoute = async () => {
  const health = await getHealth();
  return Response.json(health, {
    status: health.status === 'ok' ? 200 : 503,
    headers: { 'Cache-Control': 'no-store' },
  });
};
