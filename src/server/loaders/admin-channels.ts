import { getDb } from '~/server/db';
import { type ChannelsOverview, readChannelsOverview } from '~/server/services/admin/read-channels-overview';
import type { AdminGate } from './admin';

/**
 * /admin/channels, "Feature phones" (docs/backoffice.md "Feature phones"): the USSD and SMS traffic per day, the
 * members by channel and those locked out now, read once. The PIN reset is a form on the member's page.
 */
export async function loadChannelsPage(gate: AdminGate): Promise<ChannelsOverview> {
  return readChannelsOverview(await getDb(), gate.actor);
}
