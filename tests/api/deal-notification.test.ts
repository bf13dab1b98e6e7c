import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '~/server/db/schema';
import { apiRequest, form } from '../fixtures/api';
import { signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';

/** The "offers and deals" e-mail switch of the notification settings (users.deal_notification, docs/deals.md "E-mail"). */

const database = useTestDatabase();
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const update = (auth: Record<string, string>, fields: Record<string, string | number>) =>
  apiRequest('/user/update-main-info', { method: 'POST', body: form(fields), headers: { ...FORM, ...auth } });
const settings = async (auth: Record<string, string>) =>
  (await apiRequest('/user/profile-settings-data/', { headers: auth })).json;

describe('deal notification setting', () => {
  it('is on for a new account, can be turned off and on again, and touches no other flag', async () => {
    const { auth, email } = await signedUpUser();
    expect((await settings(auth)).user_main_info).toMatchObject({
      deal_notification: true,
      news_notification: true,
      favorite_application_notification: true,
    });

    const off = await update(auth, { 'User[deal_notification]': 0 });
    expect(off.status).toBe(200);
    expect(off.json).toEqual({ success: true, changed: true });
    expect((await settings(auth)).user_main_info).toMatchObject({
      deal_notification: false,
      news_notification: true,
      favorite_application_notification: true,
    });
    // The mailer reads the column: it must hold the choice, not only the answer.
    const [row] = await database
      .handle()
      .db.select({ dealNotification: users.dealNotification })
      .from(users)
      .where(eq(users.email, email));
    expect(row.dealNotification).toBe(false);

    expect((await update(auth, { 'User[deal_notification]': 'true' })).status).toBe(200);
    expect((await settings(auth)).user_main_info.deal_notification).toBe(true);
  });

  it('refuses a value that is not a yes or no and keeps the setting', async () => {
    const { auth } = await signedUpUser();
    const bad = await update(auth, { 'User[deal_notification]': 'sometimes' });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('validation_failed');
    expect((await settings(auth)).user_main_info.deal_notification).toBe(true);
  });

  it('needs a signed-in user', async () => {
    const res = await apiRequest('/user/update-main-info', {
      method: 'POST',
      body: form({ 'User[deal_notification]': 0 }),
      headers: FORM,
    });
    expect(res.status).toBe(401);
  });
});
