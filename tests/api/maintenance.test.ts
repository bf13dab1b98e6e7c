import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '~/server/db/schema';
import { purgeExpired } from '~/server/services/maintenance/purge-expired';
import { apiRequest } from '../fixtures/api';
import { signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';

const database = useTestDatabase();

describe('housekeeping', () => {
  it('purges long-dead sessions and keeps live ones working', async () => {
    const { auth } = await signedUpUser();
    const { db } = database.handle();
    await purgeExpired(db);
    expect((await apiRequest('/user/index', { headers: auth })).status).toBe(200);
    const [{ n: before }] = await db.select({ n: count() }).from(sessions);
    await purgeExpired(db, new Date(Date.now() + 200 * 24 * 3600_000));
    const [{ n: after }] = await db.select({ n: count() }).from(sessions);
    expect(before).toBeGreaterThan(0);
    expect(after).toBe(0);
  });
});
