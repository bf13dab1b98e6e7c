import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { companies } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import type { Actor } from './find-verifier';

/**
 * Marks a company as a verifier (its members may verify other units for it: a cooperative its farmers, an extension
 * agency farms) or takes the mark away (docs/companies.md "Verification"). Platform administrators only (403); an
 * unknown company is a 404. Records its members made stay, with their company named.
 */
export async function setCompanyVerifier(
  db: Executor,
  actor: Actor,
  input: { id: number; isVerifier: boolean },
): Promise<{ id: number; is_verifier: boolean }> {
  if (actor.role !== 'admin') throw new AppError('forbidden', 'verification.administrators_only');
  const [row] = await db
    .update(companies)
    .set({ isVerifier: input.isVerifier, updatedAt: new Date() })
    .where(eq(companies.id, input.id))
    .returning({ id: companies.id, isVerifier: companies.isVerifier });
  if (!row) throw new AppError('not_found', 'companies.not_found', { vars: { id: input.id } });
  return { id: row.id, is_verifier: row.isVerifier };
}
