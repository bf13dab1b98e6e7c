import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { companies, verifications } from '~/server/db/schema';
import { userNameSql } from '~/server/services/accounts/users';

export interface VerificationsOf {
  userId?: number;
  companyId?: number;
  /** Only active records (the public view); otherwise revoked ones too, as history. */
  activeOnly?: boolean;
}

/** A user's or a company's verification records, newest first, with the verifier's public name and company. */
export async function readVerifications(db: Executor, of: VerificationsOf) {
  const subject =
    of.userId !== undefined ? eq(verifications.userId, of.userId) : eq(verifications.companyId, of.companyId ?? -1);
  const rows = await db
    .select({
      id: verifications.id,
      type: verifications.type,
      verified_by: userNameSql(verifications.verifiedBy, 'public'),
      from_company_id: verifications.fromCompanyId,
      from_company: companies.title,
      note: verifications.note,
      created_at: verifications.createdAt,
      revoked_at: verifications.revokedAt,
      revoke_note: verifications.revokeNote,
    })
    .from(verifications)
    .leftJoin(companies, eq(companies.id, verifications.fromCompanyId))
    .where(of.activeOnly ? and(subject, isNull(verifications.revokedAt)) : subject)
    .orderBy(desc(verifications.createdAt), desc(verifications.id));
  return rows.map((row) => ({ ...row, active: row.revoked_at === null }));
}
