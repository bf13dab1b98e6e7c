import { getHealth } from '~/server/services/health/get-health';

/** The public status page (/helth): the same check as /healthz. */
export async function loadHealthPage() {
  return { health: await getHealth() };
}
