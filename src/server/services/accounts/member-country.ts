import { eq } from 'drizzle-orm';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { localizedColumn } from '~/server/db/localized';
import { countries, users } from '~/server/db/schema';

/**
 * The country a member trades from (`users.country_id`: chosen, else their address's or phone's; docs/decisions.md
 * "A member's country"), with its name in `locale`; null when none is known. The payment screens name the
 * mobile-money networks of that country (docs/payments.md "Mobile-money networks").
 */
export async function readMemberCountry(
  db: Executor,
  userId: number,
  locale: Locale,
): Promise<{ code: string; name: string } | null> {
  const [row] = await db
    .select({ code: countries.code, name: localizedColumn(countries, 'name', locale) })
    .from(users)
    .innerJoin(countries, eq(countries.id, users.countryId))
    .where(eq(users.id, userId));
  return row ? { code: row.code.trim(), name: String(row.name) } : null;
}
