import { inArray } from 'drizzle-orm';
import { localizePath } from '~/i18n/paths';
import type { Executor } from '~/server/db';
import { users } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { queueMail } from '~/server/mail';
import { type CompanyTeamEvent, companyTeamMail } from '~/server/mail/templates';
import { displayName, userLocale } from '../accounts/users';

/**
 * Tells each receiver of a team step by e-mail, in the receiver's own language: what happened in which company,
 * who did it, and the link to their company page. Call it with the step's transaction: the e-mails are queued in it
 * (src/server/mail/index.ts) and delivered by the outbox worker (src/server/services/outbox/deliver-outbox.ts).
 */
export async function notifyTeam(
  db: Executor,
  receiverIds: number[],
  event: CompanyTeamEvent,
  company: string,
  actorId: number,
): Promise<void> {
  const ids = [...new Set(receiverIds)];
  if (ids.length === 0) return;
  const rows = await db
    .select()
    .from(users)
    .where(inArray(users.id, [...ids, actorId]));
  const actor = rows.find((r) => r.id === actorId);
  const actorName = actor ? displayName(actor) : '';
  for (const receiver of rows) {
    if (!ids.includes(receiver.id) || !receiver.email) continue;
    const locale = userLocale(receiver);
    await queueMail(
      db,
      companyTeamMail(locale, receiver.email, receiver.firstName, event, {
        company,
        actor: actorName,
        url: `${getEnv().publicUrl}${localizePath('/user/profile/company', locale)}`,
      }),
    );
  }
}
