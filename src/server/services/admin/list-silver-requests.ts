import { asc, eq, inArray } from 'drizzle-orm';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { localizedColumn } from '~/server/db/localized';
import { documentTypes, tierRequests, userDocuments, users } from '~/server/db/schema';
import { type StaffActor, requireCapability } from './access';
import { memberDocumentUrl } from './read-member';

/**
 * Pending tier requests, oldest first, each with the member and their uploaded documents (docs/backoffice.md
 * "Silver requests"). Capability `tiers`. At most 100 at a time (the oldest).
 */
export async function listSilverRequests(db: Executor, actor: StaffActor, locale: Locale) {
  requireCapability(actor, 'tiers');
  const rows = await db
    .select({
      id: tierRequests.id,
      tier: tierRequests.tier,
      message: tierRequests.message,
      created_at: tierRequests.createdAt,
      user_id: users.id,
      first_name: users.firstName,
      last_name: users.lastName,
      email: users.email,
      phone: users.phone,
      current_tier: users.tier,
      locale: users.locale,
    })
    .from(tierRequests)
    .innerJoin(users, eq(users.id, tierRequests.userId))
    .where(eq(tierRequests.status, 'pending'))
    .orderBy(asc(tierRequests.createdAt), asc(tierRequests.id))
    .limit(100);
  const documents = rows.length
    ? await db
        .select({
          id: userDocuments.id,
          user_id: userDocuments.userId,
          type: localizedColumn(documentTypes, 'name', locale),
          name: userDocuments.originalName,
          content_type: userDocuments.contentType,
          size: userDocuments.size,
          created_at: userDocuments.createdAt,
        })
        .from(userDocuments)
        .innerJoin(documentTypes, eq(documentTypes.id, userDocuments.documentTypeId))
        .where(
          inArray(
            userDocuments.userId,
            rows.map((r) => r.user_id),
          ),
        )
        .orderBy(asc(userDocuments.id))
    : [];
  return {
    items: rows.map((row) => ({
      ...row,
      documents: documents
        .filter((d) => d.user_id === row.user_id)
        .map(({ user_id: _u, ...d }) => ({ ...d, url: memberDocumentUrl(d.id) })),
    })),
  };
}
export type SilverRequestItem = Awaited<ReturnType<typeof listSilverRequests>>['items'][number];
