import { and, eq, max, sql } from 'drizzle-orm';
import type { CategoryAddInput } from '~/features/admin/reference';
import type { Executor } from '~/server/db';
import { categories } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type StaffActor, requireCapability } from '~/server/services/admin/access';
import { recordAudit } from '~/server/services/admin/record-audit';
import { forgetReferenceCaches } from './forget-reference-caches';

const slugOf = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'category';

/**
 * Adds a category to a kind's tree (docs/backoffice.md "Reference data"), named in three languages, at the end of
 * its level, under `parent_id` (a live category of the same kind, else 422) or at the top. Its id is the kind's
 * next; its slug comes from the English name (made unique within the kind). Audited.
 */
export async function addCategory(
  db: Executor,
  actor: StaffActor,
  input: CategoryAddInput,
): Promise<{ kind: string; id: number; slug: string }> {
  requireCapability(actor, 'reference');
  const created = await db.transaction(async (tx) => {
    // Ids are numbered per kind: one writer at a time.
    await tx.execute(sql`lock table categories in share row exclusive mode`);
    if (input.parent_id !== undefined) {
      const [parent] = await tx
        .select({ retiredAt: categories.retiredAt })
        .from(categories)
        .where(and(eq(categories.kind, input.kind), eq(categories.id, input.parent_id)));
      if (!parent || parent.retiredAt)
        throw new AppError('validation_failed', 'errors.validation_failed', {
          fields: { parent_id: [{ key: 'validation.invalid_option' }] },
        });
    }
    const [{ top }] = await tx
      .select({ top: max(categories.id) })
      .from(categories)
      .where(eq(categories.kind, input.kind));
    const [{ order }] = await tx
      .select({ order: max(categories.sortOrder) })
      .from(categories)
      .where(eq(categories.kind, input.kind));
    const base = slugOf(input.name_en);
    const taken = new Set(
      (await tx.select({ slug: categories.slug }).from(categories).where(eq(categories.kind, input.kind))).map(
        (r) => r.slug,
      ),
    );
    let slug = base;
    for (let i = 2; taken.has(slug); i++) slug = `${base}-${i}`;
    const row = {
      kind: input.kind,
      id: (top ?? 0) + 1,
      parentId: input.parent_id ?? null,
      slug,
      nameEn: input.name_en,
      nameSw: input.name_sw,
      nameFr: input.name_fr,
      sortOrder: Math.min((order ?? 0) + 1, 32767),
    };
    await tx.insert(categories).values(row);
    await recordAudit(tx, actor, {
      action: 'reference.category_add',
      objectType: 'category',
      objectId: `${input.kind}:${row.id}`,
      after: { parent_id: row.parentId, slug, name_en: row.nameEn, name_sw: row.nameSw, name_fr: row.nameFr },
    });
    return { kind: input.kind, id: row.id, slug };
  });
  forgetReferenceCaches();
  return created;
}
