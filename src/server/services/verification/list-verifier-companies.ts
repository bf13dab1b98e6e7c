import { asc, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { companies } from '~/server/db/schema';

/** The companies a member may address a verification request to (those marked `is_verifier`), by title. */
export async function listVerifierCompanies(db: Executor) {
  return db
    .select({ id: companies.id, title: companies.title })
    .from(companies)
    .where(eq(companies.isVerifier, true))
    .orderBy(asc(companies.title))
    .limit(200);
}
