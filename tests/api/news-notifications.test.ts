import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ArticleCategory } from '~/features/articles/constants';
import { articleCreateSchema } from '~/features/articles/schemas';
import { mailOutbox, newsNotifications, users } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { changeArticleState } from '~/server/services/articles/change-article-state';
import { createArticle } from '~/server/services/articles/create-article';
import { publishDueArticles } from '~/server/services/articles/publish-due-articles';
import { sendNewsNotifications } from '~/server/services/articles/send-news-notifications';
import { apiRequest, form } from '../fixtures/api';
import { signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { postAs } from '../fixtures/lots';
import { TestCookies, formRequest } from '../fixtures/forms';
import { notificationSettingsForm, postNotificationSettings } from '~/server/loaders/notification-settings';
import { resolveUser } from '~/server/services/accounts/authenticate';
import { FORM_TOKEN_FIELD } from '~/server/http/form-token';

/** The news e-mails (docs/articles.md "News e-mails"): one a day at most, about the categories a member follows. */

const database = useTestDatabase();
const db = () => database.handle().db;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Each test works on days of its own, ten days apart (the e-mails look three days back), so the articles of one
 * test never reach the members of another: `day(n)` is 08:00 UTC of the n-th such day, in the future.
 */
let nextDays = 1;
function days() {
  const tomorrow = new Date();
  tomorrow.setUTCHours(0, 0, 0, 0);
  const start = tomorrow.getTime() + DAY + nextDays * 10 * DAY + 8 * HOUR;
  nextDays += 1;
  return (n = 0, hours = 0) => new Date(start + n * DAY + hours * HOUR);
}

const userRow = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0];

let editorId: number | undefined;
async function editor() {
  if (!editorId) {
    const { email } = await signedUpUser();
    editorId = (await userRow(email)).id;
    await db().update(users).set({ role: 'editor' }).where(eq(users.id, editorId));
  }
  return { id: editorId, role: 'editor' as const };
}

/** A member with a confirmed e-mail (unless told), the news switch on (unless told), following `categories`. */
async function member(
  options: { locale?: string; categories?: ArticleCategory[] | null; confirmed?: boolean; news?: boolean } = {},
) {
  const user = await signedUpUser();
  await db()
    .update(users)
    .set({
      firstName: 'Neema',
      locale: options.locale ?? 'en',
      emailVerifiedAt: options.confirmed === false ? null : new Date(),
      newsNotification: options.news ?? true,
      newsCategories: options.categories ?? null,
    })
    .where(eq(users.email, user.email));
  return { ...user, id: (await userRow(user.email)).id };
}

let slugs = 0;
/** An article with these languages; published at `at` unless `state` says otherwise. */
async function article(
  category: ArticleCategory,
  translations: Partial<Record<'en' | 'sw' | 'fr', { title: string; summary?: string }>>,
  at: Date,
  state: 'published' | 'draft' | 'scheduled' = 'published',
  publishAt?: Date,
) {
  const input = articleCreateSchema.parse({
    slug: `news-${++slugs}-${Date.now().toString(36)}`,
    category,
    translations: Object.fromEntries(
      Object.entries(translations).map(([locale, t]) => [
        locale,
        { title: t.title, summary: t.summary ?? '', body: 'Text.' },
      ]),
    ),
  });
  const created = await createArticle(db(), await editor(), input);
  if (state !== 'draft')
    await changeArticleState(db(), await editor(), { id: created.id, state, publish_at: publishAt }, at);
  return created;
}

/** The news e-mails sent to `to` (sign-up sends a confirmation first), oldest first. */
const newsTo = async (to: string) =>
  (await db().select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.id)).filter((m) =>
    m.text.includes('/article'),
  );

describe('news e-mails', () => {
  it('e-mail a member about an article published in a category they follow, in their language', async () => {
    const day = days();
    const neema = await member({ locale: 'sw', categories: ['market_news'] });
    const { slug } = await article(
      'market_news',
      {
        en: { title: 'Maize prices rise in Eldoret', summary: 'Traders pay more this week.' },
        sw: { title: 'Bei ya mahindi yapanda Eldoret', summary: 'Wafanyabiashara walipa zaidi wiki hii.' },
      },
      day(0),
    );
    // An English-only article of the same category comes in English, the best language it has.
    await article('market_news', { en: { title: 'Beans in short supply' } }, day(0, 1));

    const sent = await sendNewsNotifications(db(), day(0, 2));
    expect(sent.filter((s) => s.userId === neema.id)).toEqual([
      { userId: neema.id, articleIds: expect.any(Array), sent: true },
    ]);
    const [mail, ...others] = await newsTo(neema.email);
    expect(others).toEqual([]);
    expect(mail.subject).toBe('Makala 2 mapya kwenye Mavuno');
    expect(mail.text).toContain('Habari Neema');
    expect(mail.text).toContain('Bei ya mahindi yapanda Eldoret');
    expect(mail.text).toContain('Wafanyabiashara walipa zaidi wiki hii.');
    expect(mail.text).toContain('Beans in short supply');
    expect(mail.text).not.toContain('Maize prices rise in Eldoret');
    // Newest first, links in the member's language, and where to change or stop these e-mails.
    expect(mail.text.indexOf('Beans in short supply')).toBeLessThan(mail.text.indexOf('Bei ya mahindi'));
    expect(mail.text).toContain(`${getEnv().publicUrl}/sw/article/${slug}`);
    expect(mail.html).toContain(`href="${getEnv().publicUrl}/sw/article/${slug}"`);
    expect(mail.text).toContain(`${getEnv().publicUrl}/sw/user/profile/user#notifications`);
  });

  it('follow every category by default, and one article makes a subject naming it', async () => {
    const day = days();
    const amina = await member({ locale: 'fr' });
    await article('policy', { fr: { title: 'Nouvelle taxe sur les engrais' } }, day(0));
    await sendNewsNotifications(db(), day(0, 1));
    const [mail] = await newsTo(amina.email);
    expect(mail.subject).toBe('Nouveau sur Mavuno\u00a0: Nouvelle taxe sur les engrais');
    expect(mail.text).toContain('Bonjour Neema');
  });

  it('e-mail nobody who does not follow the category, turned the switch off or has no confirmed e-mail', async () => {
    const day = days();
    const other = await member({ categories: ['advice', 'policy'] });
    const none = await member({ categories: [] });
    const off = await member({ news: false });
    const unconfirmed = await member({ confirmed: false });
    const follower = await member({ categories: ['mavuno_news'] });
    await article('mavuno_news', { en: { title: 'Mavuno opens in Uganda' } }, day(0));

    const sent = await sendNewsNotifications(db(), day(0, 1));
    expect(sent.map((s) => s.userId)).toContain(follower.id);
    for (const quiet of [other, none, off, unconfirmed]) {
      expect(sent.map((s) => s.userId)).not.toContain(quiet.id);
      expect(await newsTo(quiet.email)).toEqual([]);
    }
    expect(await newsTo(follower.email)).toHaveLength(1);
  });

  it('send at most one e-mail a day: a later article waits for the next day, and is told once', async () => {
    const day = days();
    const neema = await member({ categories: ['advice'] });
    await article('advice', { en: { title: 'When to plant beans' } }, day(0));
    await sendNewsNotifications(db(), day(0, 1));
    expect(await newsTo(neema.email)).toHaveLength(1);

    await article('advice', { en: { title: 'Storing maize dry' } }, day(0, 2));
    expect((await sendNewsNotifications(db(), day(0, 3))).map((s) => s.userId)).not.toContain(neema.id);
    expect(await sendNewsNotifications(db(), day(0, 15))).toEqual([]);
    expect(await newsTo(neema.email)).toHaveLength(1);

    // The next day (UTC): one e-mail, about the new article only.
    await sendNewsNotifications(db(), day(1));
    const mails = await newsTo(neema.email);
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain('Storing maize dry');
    expect(mails[1].text).not.toContain('When to plant beans');
    // Nothing new: no e-mail the day after.
    await sendNewsNotifications(db(), day(2));
    expect(await newsTo(neema.email)).toHaveLength(2);
  });

  it('send once when runs overlap', async () => {
    const day = days();
    const neema = await member();
    await article('market_news', { en: { title: 'Sorghum prices steady' } }, day(0));
    // On PostgreSQL the runs take connections of their own from the pool, as two processes would.
    const runs = await Promise.all([1, 2, 3].map(() => sendNewsNotifications(db(), day(0, 1))));
    expect(runs.flat().filter((s) => s.userId === neema.id)).toHaveLength(1);
    expect(await newsTo(neema.email)).toHaveLength(1);
    const claims = await db().select().from(newsNotifications).where(eq(newsNotifications.userId, neema.id));
    expect(claims).toHaveLength(1);
  });

  it('count neither drafts nor articles scheduled for later, nor unpublished ones; a scheduled one counts once due', async () => {
    const day = days();
    const neema = await member();
    await article('advice', { en: { title: 'Draft about irrigation' } }, day(0), 'draft');
    await article('advice', { en: { title: 'Scheduled about seeds' } }, day(0), 'scheduled', day(0, 5));
    const gone = await article('advice', { en: { title: 'Withdrawn story' } }, day(0));
    await changeArticleState(db(), await editor(), { id: gone.id, state: 'unpublished' }, day(0, 0.5));

    expect((await sendNewsNotifications(db(), day(0, 1))).map((s) => s.userId)).not.toContain(neema.id);
    expect(await newsTo(neema.email)).toEqual([]);

    await publishDueArticles(db(), day(0, 6));
    await sendNewsNotifications(db(), day(0, 6));
    const [mail, ...others] = await newsTo(neema.email);
    expect(others).toEqual([]);
    expect(mail.text).toContain('Scheduled about seeds');
    expect(mail.text).not.toContain('Draft about irrigation');
    expect(mail.text).not.toContain('Withdrawn story');
  });
});

describe('the categories a member follows', () => {
  it('are every category by default, chosen through update-main-info, and refused when unknown', async () => {
    const { auth, email } = await signedUpUser();
    const settings = async () => (await apiRequest('/user/profile-settings-data/', { headers: auth })).json;
    expect((await settings()).user_main_info.news_categories).toEqual([
      'market_news',
      'advice',
      'policy',
      'mavuno_news',
    ]);

    // A plain form sends one blank value and one per ticked box.
    const chosen = await postAs(
      auth,
      '/user/update-main-info',
      new URLSearchParams([
        ['User[news_categories][]', ''],
        ['User[news_categories][]', 'policy'],
        ['User[news_categories][]', 'market_news'],
      ]),
    );
    expect(chosen.status).toBe(200);
    expect((await settings()).user_main_info.news_categories).toEqual(['market_news', 'policy']);

    // None ticked: nothing followed.
    const none = await postAs(auth, '/user/update-main-info', form({ 'User[news_categories][]': '' }));
    expect(none.status).toBe(200);
    expect((await settings()).user_main_info.news_categories).toEqual([]);

    const bad = await postAs(auth, '/user/update-main-info', form({ 'User[news_categories]': ['weather'] }));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors).join()).toContain('news_categories');
    expect((await settings()).user_main_info.news_categories).toEqual([]);

    // Every category ticked follows every category, also one added later (stored as null).
    const all = await postAs(
      auth,
      '/user/update-main-info',
      form({ 'User[news_categories]': ['market_news', 'advice', 'policy', 'mavuno_news'] }),
    );
    expect(all.status).toBe(200);
    const [row] = await db().select({ categories: users.newsCategories }).from(users).where(eq(users.email, email));
    expect(row.categories).toBeNull();
  });

  it('need a signed-in member', async () => {
    const res = await apiRequest('/user/update-main-info', {
      method: 'POST',
      body: form({ 'User[news_categories]': ['advice'] }),
    });
    expect(res.status).toBe(401);
  });
});

describe('the notification settings as a plain form (no JavaScript)', () => {
  it('save the switches and the news categories posted to the profile page, then redirect back', async () => {
    const member = await signedUpUser();
    const user = (await resolveUser(db(), { bearer: member.access }))!;
    const cookies = new TestCookies();
    const form = notificationSettingsForm(formRequest('/sw/user/profile/user', { cookies, locale: 'sw' }));
    expect(form.action).toBe('/sw/user/profile/user');
    const post = (token: string) =>
      postNotificationSettings(
        {
          ...formRequest('/sw/user/profile/user', {
            cookies,
            locale: 'sw',
            body: new URLSearchParams([
              [FORM_TOKEN_FIELD, token],
              ['User[deal_notification]', '1'],
              ['User[news_notification]', '1'],
              ['User[news_categories][]', ''],
              ['User[news_categories][]', 'advice'],
            ]),
          }),
        },
        user,
      );

    // Without this browser's form token: refused, nothing changed.
    const refused = await post('forged');
    expect('view' in refused && refused.status).toBe(403);
    expect((await userRow(member.email)).newsCategories).toBeNull();

    const saved = await post(cookies.formToken!);
    expect(saved).toMatchObject({ redirect: '/sw/user/profile/user?notifications=saved#notifications', status: 303 });
    const row = await userRow(member.email);
    expect(row).toMatchObject({
      newsCategories: ['advice'],
      newsNotification: true,
      dealNotification: true,
      // A switch not ticked is off.
      messageNotification: false,
      favoriteApplicationNotification: false,
    });
  });
});
