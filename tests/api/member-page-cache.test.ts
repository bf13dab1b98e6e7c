import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MEMBER_PAGES_CHANNEL, PAGES_CHANNEL } from '~/server/cache/pages';
import { rowsOf } from '~/server/db';
import { useTestDatabase } from '../fixtures/database';

const database = useTestDatabase();

/**
 * The tables no page shows: no write to them drops a render cache (migrations 0010_page_cache_notify and
 * 0031_member_pages_notify) or only the back office, which is never cached. Every other table notifies one of the two channels.
 */
const SHOWN_NOWHERE = [
  'sessions',
  'email_tokens',
  'phone_verifications',
  'rate_limits',
  'mail_outbox',
  'sms_outbox',
  'job_runs',
  'scheduled_jobs',
  'app_meta',
  'lot_photo_uploads',
  // The feature-phone channel's own bookkeeping (migration 0032_feature_phones): only the back office reads it.
  'ussd_sessions',
  'sms_inbound',
  'ussd_pin_lockouts',
];

/** Counts the notifications of both page channels while `work` runs (and a moment after, for PostgreSQL). */
async function notificationsDuring(work: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const onEvent = (event: string) => {
    if (event === 'notify') count++;
  };
  const stops = [
    await database.handle().subscribe(PAGES_CHANNEL, onEvent),
    await database.handle().subscribe(MEMBER_PAGES_CHANNEL, onEvent),
  ];
  try {
    await work();
    await new Promise((resolve) => setTimeout(resolve, 200));
  } finally {
    for (const stop of stops) await stop();
  }
  return count;
}

describe("the members' render cache is told of every write a member's page may show", () => {
  it('every table notifies a page channel, except the ones no page shows', async () => {
    const { db } = database.handle();
    const rows = await db.execute(sql`
      select c.relname as name,
        exists (select 1 from pg_trigger t where t.tgrelid = c.oid
          and t.tgname in ('mavuno_pages_changed', 'mavuno_member_pages_changed')) as notifies
      from pg_class c
      where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r'`);
    const tables = rowsOf<{ name: string; notifies: boolean }>(rows).map((row) => [row.name, row.notifies] as const);
    expect(tables.length).toBeGreaterThan(60);
    const silent = tables.filter(([, notifies]) => !notifies).map(([name]) => name);
    expect(silent.sort()).toEqual([...SHOWN_NOWHERE].sort());
  });

  it('notifies for a chat message, a wallet posting or a deal, and says nothing for a session or a rate limit', async () => {
    const { db } = database.handle();
    expect(await notificationsDuring(() => db.execute(sql`update chat_messages set body = body`))).toBeGreaterThan(0);
    expect(await notificationsDuring(() => db.execute(sql`delete from wallet_postings where false`))).toBeGreaterThan(
      0,
    );
    expect(await notificationsDuring(() => db.execute(sql`update offers set id = id`))).toBeGreaterThan(0);
    expect(
      await notificationsDuring(async () => {
        await db.execute(sql`update sessions set last_used_at = last_used_at`);
        await db.execute(sql`delete from rate_limits`);
      }),
    ).toBe(0);
  });
});
