import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAGES_CHANNEL } from '~/server/cache/pages';
import { useTestDatabase } from '../fixtures/database';

const database = useTestDatabase();

/** Collects the notifications of the pages channel while `work` runs (and a moment after, for PostgreSQL). */
async function notificationsDuring(work: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const stop = await database.handle().subscribe(PAGES_CHANNEL, (event) => {
    if (event === 'notify') count++;
  });
  try {
    await work().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 200));
  } finally {
    await stop();
  }
  return count;
}

describe('render cache invalidation by the database', () => {
  it('notifies every process when a write to what anonymous pages show commits', async () => {
    const { db } = database.handle();
    const count = await notificationsDuring(() => db.execute(sql`update categories set name_en = name_en`));
    expect(count).toBeGreaterThan(0);
  });

  it('notifies when an administrator changes a public warehouse or an editor a site page', async () => {
    const { db } = database.handle();
    expect(
      await notificationsDuring(() => db.execute(sql`update system_warehouses set phone = phone where id = 1`)),
    ).toBeGreaterThan(0);
    expect(await notificationsDuring(() => db.execute(sql`update articles set slug = slug`))).toBeGreaterThan(0);
  });

  it('says nothing for a write that is rolled back', async () => {
    const { db } = database.handle();
    const count = await notificationsDuring(() =>
      db.transaction(async (tx) => {
        await tx.execute(sql`update categories set name_en = name_en`);
        throw new Error('rolled back');
      }),
    );
    expect(count).toBe(0);
  });

  it('says nothing for writes no anonymous page shows (sessions, rate limits)', async () => {
    const { db } = database.handle();
    const count = await notificationsDuring(async () => {
      await db.execute(sql`delete from sessions`);
      await db.execute(sql`delete from rate_limits`);
    });
    expect(count).toBe(0);
  });
});
