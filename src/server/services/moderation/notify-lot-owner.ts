import { eq } from 'drizzle-orm';
import { KINDS } from '~/features/lots/constants';
import { localizePath } from '~/i18n/paths';
import type { Executor } from '~/server/db';
import { lots, users } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { queueMail } from '~/server/mail';
import { lotModerationMail } from '~/server/mail/templates';
import { userLocale } from '~/server/services/accounts/users';

/**
 * E-mails a lot's owner, in their language, what moderation did to their lot (docs/backoffice.md "Moderation"):
 * hidden (with the reason), or their appeal restored or upheld. Sent whatever their e-mail settings say: it is about
 * their own lot. Called with the decision's transaction: the e-mail is queued in it (src/server/mail/index.ts) and
 * delivered by the outbox worker (src/server/services/outbox/deliver-outbox.ts).
 */
export async function notifyLotOwner(
  db: Executor,
  lotId: number,
  event: 'hidden' | 'restored' | 'upheld',
  note: string | null,
): Promise<void> {
  const [row] = await db
    .select({ lot: lots, owner: users })
    .from(lots)
    .innerJoin(users, eq(users.id, lots.userId))
    .where(eq(lots.id, lotId));
  if (!row?.owner.email) return;
  const locale = userLocale(row.owner);
  const url = `${getEnv().publicUrl}${localizePath(`${KINDS[row.lot.kind].sitePath}/${row.lot.id}`, locale)}`;
  await queueMail(
    db,
    lotModerationMail(locale, row.owner.email, row.owner.firstName, { event, lot: row.lot.title, note, url }),
  );
}
