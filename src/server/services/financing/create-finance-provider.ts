import type { Role } from '~/features/accounts/constants';
import type { FinanceProviderFormInput } from '~/features/financing/schemas';
import type { Executor } from '~/server/db';
import { financeProviders } from '~/server/db/schema';
import { assertEditor } from './save-finance-product';

/** Adds a partner institution (editors only); its contact receives the applications to its products. */
export async function createFinanceProvider(db: Executor, user: { role: Role }, input: FinanceProviderFormInput) {
  assertEditor(user);
  const [row] = await db
    .insert(financeProviders)
    .values({
      name: input.name,
      contactEmail: input.contact_email,
      website: input.website ?? null,
      locale: input.locale,
    })
    .returning({ id: financeProviders.id });
  return { id: row.id };
}
