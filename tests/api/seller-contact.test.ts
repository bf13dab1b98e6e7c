import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '~/server/db/schema';
import { FORM_TOKEN_FIELD } from '~/server/http/form-token';
import { notificationSettingsForm, postNotificationSettings } from '~/server/loaders/notification-settings';
import { resolveUser } from '~/server/services/accounts/authenticate';
import { readSellerContact } from '~/server/services/profiles/read-seller-contact';
import { apiRequest, form, get } from '../fixtures/api';
import { signedUpUser, uniquePhone } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { TestCookies, formRequest } from '../fixtures/forms';
import { maizeLot, memberWithTier, postAs, wrapped } from '../fixtures/lots';

/** "Let signed-in members call or WhatsApp me" (docs/lots.md "Share and call"): the setting and who sees the number. */

const database = useTestDatabase();
const db = () => database.handle().db;
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

const updateMainInfo = (auth: Record<string, string>, fields: Record<string, string>) =>
  apiRequest('/user/update-main-info', { method: 'POST', body: form(fields), headers: { ...FORM, ...auth } });
const settingOf = async (auth: Record<string, string>) =>
  (await apiRequest('/user/profile-settings-data/', { headers: auth })).json.user_main_info.contact_by_phone;

/** A silver seller with a confirmed phone number and a maize lot on the market. */
async function sellerWithLot() {
  const seller = await memberWithTier(database.handle(), 'silver');
  const phone = uniquePhone();
  await db().update(users).set({ phone, phoneVerifiedAt: new Date() }).where(eq(users.email, seller.email));
  const created = await postAs(seller.auth, '/board-list/create-quote', wrapped('BoardList', await maizeLot()));
  expect(created.status).toBe(200);
  const user = (await resolveUser(db(), { bearer: seller.access }))!;
  return { ...seller, phone, id: user.id, lotId: created.json.id as number };
}

describe('the contact setting through the API', () => {
  it('is off by default, turned on and off by update-main-info, and refuses what is no switch', async () => {
    const member = await signedUpUser();
    expect(await settingOf(member.auth)).toBe(false);
    expect((await updateMainInfo(member.auth, { 'User[contact_by_phone]': '1' })).status).toBe(200);
    expect(await settingOf(member.auth)).toBe(true);
    expect((await updateMainInfo(member.auth, { 'User[contact_by_phone]': '0' })).status).toBe(200);
    expect(await settingOf(member.auth)).toBe(false);

    const bad = await updateMainInfo(member.auth, { 'User[contact_by_phone]': 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('validation_failed');
    expect(Object.keys(bad.json.errors).join()).toContain('contact_by_phone');
    expect(await settingOf(member.auth)).toBe(false);
  });

  it('is refused to a caller who is not signed in', async () => {
    const anonymous = await apiRequest('/user/update-main-info', {
      method: 'POST',
      body: form({ 'User[contact_by_phone]': '1' }),
      headers: FORM,
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('the contact setting as a plain form (no JavaScript)', () => {
  it('is saved with the other switches of the settings form, and a switch not ticked is off', async () => {
    const member = await signedUpUser();
    const user = (await resolveUser(db(), { bearer: member.access }))!;
    const cookies = new TestCookies();
    notificationSettingsForm(formRequest('/fr/user/profile/user', { cookies, locale: 'fr' }));
    const post = (fields: [string, string][]) =>
      postNotificationSettings(
        formRequest('/fr/user/profile/user', {
          cookies,
          locale: 'fr',
          body: new URLSearchParams([[FORM_TOKEN_FIELD, cookies.formToken!], ...fields]),
        }),
        user,
      );
    expect(await post([['User[contact_by_phone]', '1']])).toMatchObject({ status: 303 });
    expect(await settingOf(member.auth)).toBe(true);
    expect(await post([['User[deal_notification]', '1']])).toMatchObject({ status: 303 });
    expect(await settingOf(member.auth)).toBe(false);
    const refused = await post([['User[contact_by_phone]', 'yes please']]);
    expect('view' in refused && refused.status).toBe(400);
    expect(await settingOf(member.auth)).toBe(false);
  });
});

describe('who is given the seller’s number', () => {
  it('a signed-in member other than the seller, only while the seller allows it and their number is confirmed', async () => {
    const seller = await sellerWithLot();
    const buyer = await signedUpUser();
    const viewer = (await resolveUser(db(), { bearer: buyer.access }))!;

    // Off by default: nobody.
    expect(await readSellerContact(db(), seller.id, viewer)).toBeNull();
    await updateMainInfo(seller.auth, { 'User[contact_by_phone]': '1' });
    expect(await readSellerContact(db(), seller.id, viewer)).toEqual({ phone: seller.phone });
    // Never a visitor, and the seller needs no button to call themself.
    expect(await readSellerContact(db(), seller.id, null)).toBeNull();
    expect(await readSellerContact(db(), seller.id, { id: seller.id })).toBeNull();
    // A number not confirmed (changed since) may be somebody else's.
    await db().update(users).set({ phoneVerifiedAt: null }).where(eq(users.id, seller.id));
    expect(await readSellerContact(db(), seller.id, viewer)).toBeNull();
    await db().update(users).set({ phoneVerifiedAt: new Date() }).where(eq(users.id, seller.id));
    // A blocked seller is off the market, and so is their number.
    await db().update(users).set({ blockedAt: new Date() }).where(eq(users.id, seller.id));
    expect(await readSellerContact(db(), seller.id, viewer)).toBeNull();
  });

  it('no API answers an anonymous caller with the number of a seller who allows calls', async () => {
    const seller = await sellerWithLot();
    await updateMainInfo(seller.auth, { 'User[contact_by_phone]': '1' });
    const digits = seller.phone.slice(1);
    const answers = await Promise.all([
      get(`/board-list/view?id=${seller.lotId}`),
      get('/board-list/index?per-page=100'),
      get(`/board-list/user-items?user_id=${seller.id}`),
      get('/board-list/get-random-items'),
      get(`/user/public-profile?id=${seller.id}`),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain(digits);
      expect(answer.text).not.toContain('contact_by_phone');
    }
    // The lot is in the answers that list it: the check above looked at it.
    expect(answers[0].json.id).toBe(seller.lotId);
  });
});
