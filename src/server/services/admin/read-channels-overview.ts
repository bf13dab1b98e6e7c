import type { Executor } from '~/server/db';
import { type MembersByChannel, countMembersByChannel } from './count-members-by-channel';
import { type UssdLockedMember, listUssdLockedMembers } from './list-ussd-locked-members';
import { type ChannelTraffic, readChannelTraffic } from './read-channel-traffic';
import { type StaffActor, requireCapability } from './access';

export interface ChannelsOverview extends ChannelTraffic {
  members: MembersByChannel;
  locked: UssdLockedMember[];
}

/**
 * The feature-phone page and `GET /api-v2/admin/channels` (docs/backoffice.md "Feature phones"): the traffic per
 * day and its totals, the members by channel, the members locked out now. Capability `support`.
 */
export async function readChannelsOverview(
  db: Executor,
  actor: StaffActor,
  now = new Date(),
): Promise<ChannelsOverview> {
  requireCapability(actor, 'support');
  const [traffic, members, locked] = await Promise.all([
    readChannelTraffic(db, actor, now),
    countMembersByChannel(db, actor, now),
    listUssdLockedMembers(db, actor, now),
  ]);
  return { ...traffic, members, locked };
}
