import { LOT_KINDS } from '~/features/lots/constants';
import { parseId } from '~/features/validation/fields';
import { getDb } from '~/server/db';
import { getPublicProfile } from '~/server/services/accounts/public-profile';
import type { SessionUser } from '~/server/services/accounts/users';
import { getFeedbackSummary } from '~/server/services/deals/feedback';
import { listUserLots } from '~/server/services/lots/get-lot';
import { readPublicMemberProfiles } from '~/server/services/profiles/read-member-profile';
import { listVerificationBadges } from '~/server/services/verification/list-verification-badges';
import { readVerifications } from '~/server/services/verification/read-verifications';

/**
 * A member's public profile page: what anyone may see of them, their lots on offer (every kind, at most 50 of each,
 * newest first), the feedback on their deals, the profiles they filled in (farmer, trader, cooperative) and their
 * active verifications (the records badges link to, and the badges of their lot cards, in one query). Undefined for
 * an id that cannot be a member or an unknown one.
 */
export async function loadPublicProfilePage(
  rawId: string | undefined,
  viewer: SessionUser | null,
  locale: App.Locals['locale'],
) {
  // Ids are PostgreSQL integers: anything else cannot be a member.
  const id = parseId(rawId);
  if (id === undefined) return undefined;
  const db = await getDb();
  const profile = await getPublicProfile(db, id);
  if (!profile) return undefined;
  const [lotLists, feedback, memberProfiles, verifications, badges] = await Promise.all([
    Promise.all(LOT_KINDS.map((kind) => listUserLots(db, kind, profile.id, viewer, locale))),
    getFeedbackSummary(db, profile.id),
    readPublicMemberProfiles(db, profile.id, locale),
    readVerifications(db, { userId: profile.id, activeOnly: true }),
    listVerificationBadges(db, { userIds: [profile.id] }),
  ]);
  return {
    profile,
    memberLots: lotLists.flat(),
    feedback,
    memberProfiles,
    verifications,
    badges: badges.users.get(profile.id) ?? [],
  };
}
