import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, installStorage } from '~/server/storage';
import { articles } from '~/server/db/schema';
import { loadArticleList, loadArticlePage } from '~/server/loaders/articles';
import { publishDueArticles } from '~/server/services/articles/publish-due-articles';
import { buildArticleFeed } from '~/server/services/seo/article-feed';
import { buildArticleSitemap, buildSitemapIndex } from '~/server/services/seo/sitemap';
import { apiRequest, form } from '../fixtures/api';
import { signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { staffMember } from './admin-helpers';

const database = useTestDatabase();
const db = () => database.handle().db;
const site = 'https://mavuno.example';
const storageRoot = mkdtempSync(path.join(tmpdir(), 'mavuno-articles-'));
beforeAll(() => installStorage(createLocalStorage(storageRoot)));
afterAll(() => {
  installStorage(undefined);
  rmSync(storageRoot, { recursive: true, force: true });
});

type Auth = Record<string, string>;
type Fields = Parameters<typeof form>[0];
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const call = (auth: Auth, path: string, fields: Fields = {}, locale?: string) =>
  apiRequest(path, { method: 'POST', body: form(fields), headers: { ...FORM, ...auth }, locale });
const read = (path: string, auth: Auth = {}, locale?: string) =>
  apiRequest(path, { method: 'GET', headers: auth, locale });

let counter = 0;
const uniqueSlug = (label: string) => `${label}-${Date.now().toString(36)}-${++counter}`;

/** An editor (or administrator) past the back office's second factor (docs/backoffice.md "Staff sign-in"). */
const editor = (role: 'editor' | 'admin' = 'editor') => staffMember(role);

/** A draft written in the languages given (`{ en: 'Title' }`), answering its id, slug and version. */
async function draft(auth: Auth, titles: Partial<Record<'en' | 'sw' | 'fr', string>>, extra: Fields = {}) {
  const slug = uniqueSlug('maize');
  const fields: Fields = { category: 'market_news', slug, ...extra };
  for (const [locale, title] of Object.entries(titles)) {
    fields[`translations[${locale}][title]`] = title;
    fields[`translations[${locale}][summary]`] = `${title} — summary`;
    fields[`translations[${locale}][body]`] = `## ${title}\n\nPrices rose <script>alert(1)</script> this week.`;
  }
  const res = await call(auth, '/article/create', fields);
  expect(res.status, res.text).toBe(200);
  return { id: res.json.id as number, slug: res.json.slug as string, version: res.json.version as number };
}

async function publish(auth: Auth, id: number) {
  const res = await call(auth, '/article/change-state', { id, state: 'published' });
  expect(res.status, res.text).toBe(200);
  return res.json.version as number;
}

describe('articles: the editor role', () => {
  it('refuses every editor endpoint to an anonymous caller (401) and an ordinary member (403)', async () => {
    const member = await signedUpUser();
    const calls: [string, 'GET' | 'POST'][] = [
      ['/article/create', 'POST'],
      ['/article/update', 'POST'],
      ['/article/change-state', 'POST'],
      ['/article/restore-revision', 'POST'],
      ['/article/preview', 'POST'],
      ['/article/upload-image', 'POST'],
      ['/article/revisions?id=1', 'GET'],
      ['/article/desk-list', 'GET'],
      ['/article/desk-view?id=1', 'GET'],
    ];
    for (const [path, method] of calls) {
      const anonymous = await apiRequest(path, {
        method,
        ...(method === 'POST' ? { body: form({}), headers: FORM } : {}),
      });
      expect(anonymous.status, path).toBe(401);
      const refused = await apiRequest(path, {
        method,
        headers: { ...member.auth, ...(method === 'POST' ? FORM : {}) },
        ...(method === 'POST' ? { body: form({ category: 'advice', 'translations[en][title]': 'x' }) } : {}),
      });
      expect(refused.status, path).toBe(403);
      expect(refused.json.code).toBe('forbidden');
    }
  });

  it('asks an editor without the second factor for it (401), and refuses other staff roles (403)', async () => {
    const fresh = await staffMember('editor', { twoFactor: false });
    const asked = await read('/article/desk-list', fresh.auth);
    expect(asked.status).toBe(401);
    expect(asked.json.code).toBe('admin.second_factor_required');
    const moderator = await staffMember('moderator');
    expect((await read('/article/desk-list', moderator.auth)).status).toBe(403);
  });

  it('admits administrators as editors', async () => {
    const admin = await editor('admin');
    await draft(admin.auth, { en: 'Administrators write too' });
  });
});

describe('articles: writing and states', () => {
  it('validates a new article: a category and a title in one language at least, a unique slug', async () => {
    const { auth } = await editor();
    const none = await call(auth, '/article/create', { category: 'advice' });
    expect(none.status).toBe(422);
    const badCategory = await call(auth, '/article/create', { category: 'gossip', 'translations[en][title]': 'x' });
    expect(badCategory.status).toBe(422);
    expect(badCategory.json.errors.category).toBeDefined();
    const first = await draft(auth, { en: 'Slug owner' });
    const taken = await call(auth, '/article/create', {
      category: 'advice',
      slug: first.slug,
      'translations[en][title]': 'Another',
    });
    expect(taken.status).toBe(409);
    expect(taken.json.errors.slug).toBeDefined();
    const made = await call(auth, '/article/create', {
      category: 'advice',
      'translations[fr][title]': 'Prix du maïs élevés',
    });
    expect(made.json.slug).toMatch(/^prix-du-mais-eleves/);
  });

  it('keeps drafts and scheduled articles from readers, and publishes a schedule in the past at once', async () => {
    const { auth } = await editor();
    const a = await draft(auth, { en: 'Hidden draft' });
    expect((await read(`/article/view/?id=${a.id}`)).status).toBe(404);
    expect((await read(`/article/view?slug=${a.slug}`)).status).toBe(404);
    const future = new Date(Date.now() + 3600_000).toISOString();
    const scheduled = await call(auth, '/article/change-state', { id: a.id, state: 'scheduled', publish_at: future });
    expect(scheduled.status, scheduled.text).toBe(200);
    expect(scheduled.json.state).toBe('scheduled');
    expect((await read(`/article/view/?id=${a.id}`)).status).toBe(404);
    const noTime = await call(auth, '/article/change-state', { id: a.id, state: 'scheduled' });
    expect(noTime.status).toBe(422);
    expect(noTime.json.errors.publish_at).toBeDefined();

    const b = await draft(auth, { en: 'Past schedule' });
    const past = await call(auth, '/article/change-state', {
      id: b.id,
      state: 'scheduled',
      publish_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.json.state).toBe('published');
    expect((await read(`/article/view/?slug=${b.slug}`)).status).toBe(200);
  });

  it('publishes scheduled articles when their time comes, at the time they were scheduled for', async () => {
    const { auth } = await editor();
    const a = await draft(auth, { en: 'Due soon', sw: 'Inakuja hivi karibuni' });
    const at = new Date(Date.now() + 10 * 60_000);
    await call(auth, '/article/change-state', { id: a.id, state: 'scheduled', publish_at: at.toISOString() });
    expect((await publishDueArticles(db(), new Date(at.getTime() - 1000))).published).not.toContain(a.id);
    expect((await publishDueArticles(db(), new Date(at.getTime() + 5000))).published).toContain(a.id);
    const [row] = await db().select().from(articles).where(eq(articles.id, a.id));
    expect(row.state).toBe('published');
    expect(row.publishedAt?.toISOString()).toBe(at.toISOString());
    // Once only.
    expect((await publishDueArticles(db(), new Date(at.getTime() + 9000))).published).not.toContain(a.id);
    const shown = await read(`/article/index/?per-page=50`, {}, 'sw');
    expect(shown.json.items.map((i: { id: number }) => i.id)).toContain(a.id);
    const revisions = await read(`/article/revisions?id=${a.id}`, auth);
    expect(revisions.json.items[0]).toMatchObject({ action: 'publish_due', editor: null });
  });

  it('refuses moves that are not allowed, and hides an unpublished article', async () => {
    const { auth } = await editor();
    const a = await draft(auth, { en: 'Short-lived' });
    const refused = await call(auth, '/article/change-state', { id: a.id, state: 'unpublished' });
    expect(refused.status).toBe(409);
    await publish(auth, a.id);
    expect((await read(`/article/view/?id=${a.id}`)).status).toBe(200);
    await call(auth, '/article/change-state', { id: a.id, state: 'unpublished' });
    expect((await read(`/article/view/?id=${a.id}`)).status).toBe(404);
    const list = await read('/article/index?per-page=50');
    expect(list.json.items.map((i: { id: number }) => i.id)).not.toContain(a.id);
    expect((await call(auth, '/article/change-state', { id: 999999, state: 'published' })).status).toBe(404);
  });
});

describe('articles: readers', () => {
  it('shows a reader the article in their language, else the best available one, marked as such', async () => {
    const { auth } = await editor();
    const a = await draft(auth, { en: 'Maize prices rise', sw: 'Bei ya mahindi yapanda' });
    await publish(auth, a.id);
    const sw = await read(`/article/view/?slug=${a.slug}`, {}, 'sw');
    expect(sw.status).toBe(200);
    expect(sw.json).toMatchObject({
      title: 'Bei ya mahindi yapanda',
      locale: 'sw',
      is_fallback: false,
      locales: ['en', 'sw'],
    });
    const fr = await read(`/article/view/?slug=${a.slug}`, {}, 'fr');
    expect(fr.json).toMatchObject({ title: 'Maize prices rise', locale: 'en', is_fallback: true });
    // The body is sanitised HTML: the script typed into it is text.
    expect(sw.json.html).toContain('<h2>Bei ya mahindi yapanda</h2>');
    expect(sw.json.html).not.toContain('<script');
    expect(sw.json.reading_minutes).toBe(1);

    const onlyFrench = await draft(auth, { fr: 'Seulement en français' });
    await publish(auth, onlyFrench.id);
    const list = await read('/article/index/?per-page=50', {}, 'sw');
    const item = list.json.items.find((i: { id: number }) => i.id === onlyFrench.id);
    expect(item).toMatchObject({ title: 'Seulement en français', locale: 'fr', is_fallback: true });
    expect(list.json._meta).toMatchObject({ currentPage: 1, perPage: 50 });
  });

  it('lists newest first, 12 a page by default, by category; other news leaves the article out', async () => {
    const { auth } = await editor();
    const advice = await draft(auth, { en: 'Store grain dry' }, { category: 'advice' });
    await publish(auth, advice.id);
    const news = await draft(auth, { en: 'Newest news' });
    await publish(auth, news.id);
    const all = await read('/article/index/');
    expect(all.status).toBe(200);
    expect(all.json._meta, JSON.stringify(all.json._meta)).toMatchObject({ perPage: 12 });
    const times = all.json.items.map((i: { published_at: string }) => i.published_at);
    expect(times).toEqual([...times].sort().reverse());
    const ids = (await read('/article/index/?per-page=50')).json.items.map((i: { id: number }) => i.id);
    expect(ids.indexOf(news.id)).toBeLessThan(ids.indexOf(advice.id));
    const onlyAdvice = await read('/article/index/?category=advice&per-page=50');
    expect(onlyAdvice.json.items.every((i: { category: string }) => i.category === 'advice')).toBe(true);
    expect(onlyAdvice.json.items.map((i: { id: number }) => i.id)).toContain(advice.id);
    expect((await read('/article/index/?category=gossip')).status).toBe(422);
    const other = await read(`/article/another-news/?slug=${news.slug}`);
    expect(other.status).toBe(200);
    expect(other.json.items.map((i: { id: number }) => i.id)).not.toContain(news.id);
    expect(other.json.items.map((i: { id: number }) => i.id)).toContain(advice.id);
    expect((await read('/article/view/')).status).toBe(422);
    expect((await read('/article/view/?slug=no-such-article')).status).toBe(404);
  });
});

describe('articles: versions and revisions', () => {
  it('refuses a save from a stale version with a clear 409, overwriting nothing', async () => {
    const { auth } = await editor();
    const second = await editor();
    const a = await draft(auth, { en: 'Original title' });
    const first = await call(auth, '/article/update', {
      id: a.id,
      version: a.version,
      'translations[en][title]': 'First editor',
    });
    expect(first.status, first.text).toBe(200);
    expect(first.json.version).toBe(a.version + 1);
    const stale = await call(second.auth, '/article/update', {
      id: a.id,
      version: a.version,
      'translations[en][title]': 'Second editor',
    });
    expect(stale.status).toBe(409);
    expect(stale.json.code).toBe('conflict');
    expect(stale.json.message).toContain('Another editor saved this article');
    const view = await read(`/article/desk-view?id=${a.id}`, auth);
    expect(view.json.translations.en.title).toBe('First editor');
    expect(view.json.missing_locales).toEqual(['sw', 'fr']);
  });

  it('records who changed what, and restores a revision as a new one', async () => {
    const { auth } = await editor();
    const a = await draft(auth, { en: 'Version one' });
    const saved = await call(auth, '/article/update', {
      id: a.id,
      version: a.version,
      'translations[en][title]': 'Version two',
      'translations[sw][title]': 'Toleo la pili',
      tags: 'maize, Prices',
    });
    expect(saved.json.changes).toEqual(expect.arrayContaining(['title.en', 'title.sw', 'tags']));
    const revisions = await read(`/article/revisions?id=${a.id}`, auth);
    expect(revisions.status).toBe(200);
    expect(revisions.json.items.map((r: { action: string }) => r.action)).toEqual(['update', 'create']);
    const created = revisions.json.items[1];
    expect(created.editor.id).toBeGreaterThan(0);
    expect(created.snapshot.translations.en.title).toBe('Version one');

    const stale = await call(auth, '/article/restore-revision', {
      id: a.id,
      revision_id: created.id,
      version: a.version,
    });
    expect(stale.status).toBe(409);
    const restored = await call(auth, '/article/restore-revision', {
      id: a.id,
      revision_id: created.id,
      version: saved.json.version,
    });
    expect(restored.status, restored.text).toBe(200);
    const view = await read(`/article/desk-view?id=${a.id}`, auth);
    expect(view.json.translations.en.title).toBe('Version one');
    expect(view.json.translations.sw).toBeUndefined();
    expect(view.json.tags).toEqual([]);
    expect(view.json.state).toBe('draft');
    const after = await read(`/article/revisions?id=${a.id}`, auth);
    expect(after.json.items[0].action).toBe('restore');
    // A revision of another article cannot be restored onto this one.
    const other = await draft(auth, { en: 'Other' });
    const foreign = await call(auth, '/article/restore-revision', {
      id: other.id,
      revision_id: created.id,
      version: other.version,
    });
    expect(foreign.status).toBe(404);
  });

  it('lists articles for the desk with their missing languages, by state and by missing language', async () => {
    const { auth } = await editor();
    const a = await draft(auth, { en: 'Needs Swahili', fr: 'Il faut le swahili' });
    const desk = await read('/article/desk-list?state=draft&missing=sw&per-page=50', auth);
    expect(desk.status).toBe(200);
    const item = desk.json.items.find((i: { id: number }) => i.id === a.id);
    expect(item).toMatchObject({ state: 'draft', locales: ['en', 'fr'], missing_locales: ['sw'] });
    const complete = await read('/article/desk-list?missing=en&per-page=50', auth);
    expect(complete.json.items.map((i: { id: number }) => i.id)).not.toContain(a.id);
  });

  it('previews Markdown exactly as readers get it', async () => {
    const { auth } = await editor();
    const res = await call(auth, '/article/preview', { body: '[x](javascript:alert(1)) <img src=x onerror=alert(1)>' });
    expect(res.status).toBe(200);
    expect(res.json.html).not.toContain('<a');
    expect(res.json.html).not.toMatch(/<img/);
  });
});

describe('articles: feed and sitemap', () => {
  it('lists a published article in its languages only, with hreflang between them', async () => {
    const { auth } = await editor();
    const a = await draft(auth, { en: 'Feed me', sw: 'Nilishe' });
    await publish(auth, a.id);
    expect(await buildSitemapIndex(db(), site)).toContain(`${site}/sitemap-articles-1.xml`);
    const xml = (await buildArticleSitemap(db(), site, 1)) ?? '';
    expect(xml).toContain(`<loc>${site}/article/${a.slug}</loc>`);
    expect(xml).toContain(`<loc>${site}/sw/article/${a.slug}</loc>`);
    expect(xml).not.toContain(`<loc>${site}/fr/article/${a.slug}</loc>`);
    expect(xml).toContain(`hreflang="sw" href="${site}/sw/article/${a.slug}"`);
    const sw = await buildArticleFeed(db(), site, 'sw');
    expect(sw).toContain('<title>Nilishe</title>');
    expect(sw).toContain(`${site}/sw/article/${a.slug}`);
    const fr = await buildArticleFeed(db(), site, 'fr');
    expect(fr).not.toContain(a.slug);
  });
});

describe('articles: images', () => {
  const upload = (auth: Auth, body: FormData) =>
    apiRequest('/article/upload-image', { method: 'POST', body, headers: auth });

  it('re-encodes an image to WebP sizes, requires alt text, refuses what is not an image, and takes it as a cover', async () => {
    const { auth } = await editor();
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2a7' } })
      .png()
      .toBuffer();
    const noAlt = new FormData();
    noAlt.set('file', new File([png], 'cover.png', { type: 'image/png' }));
    const refused = await upload(auth, noAlt);
    expect(refused.status).toBe(422);
    expect(refused.json.errors.alt).toBeDefined();

    const fake = new FormData();
    fake.set('alt', 'A field');
    fake.set('file', new File([new TextEncoder().encode('<svg onload=alert(1)>')], 'x.png', { type: 'image/png' }));
    expect((await upload(auth, fake)).status).toBe(422);

    const good = new FormData();
    good.set('alt', 'Maize drying on tarpaulins');
    good.set('file', new File([png], 'cover.png', { type: 'image/png' }));
    const res = await upload(auth, good);
    expect(res.status, res.text).toBe(200);
    expect(res.json.path).toMatch(/^articles\/\d+\/[a-f0-9]{24}$/);
    expect(res.json.srcset).toContain('-480.webp 480w');
    expect(res.json.markdown).toBe(`![Maize drying on tarpaulins](/uploads/${res.json.path}-800.webp)`);
    const served = await fetchUpload(`${res.json.path}-480.webp`);
    expect((await sharp(served).metadata()).format).toBe('webp');

    const a = await draft(auth, { en: 'With a cover' }, { cover_path: res.json.path, 'cover_alt[en]': 'Maize drying' });
    await publish(auth, a.id);
    const view = await read(`/article/view/?id=${a.id}`);
    expect(view.json.cover).toMatchObject({ alt: 'Maize drying', url: `/uploads/${res.json.path}-1200.webp` });
    // Only keys of our own article images are taken as covers.
    const bad = await call(auth, '/article/create', {
      category: 'advice',
      'translations[en][title]': 'Bad cover',
      cover_path: '../../etc/passwd',
    });
    expect(bad.status).toBe(422);
  });
});

async function fetchUpload(key: string): Promise<Buffer> {
  const { getStorage } = await import('~/server/storage');
  const stored = await getStorage().get(key);
  if (!stored) throw new Error(`not stored: ${key}`);
  return Buffer.from(await new Response(stored.body).arrayBuffer());
}

describe('articles: page loaders', () => {
  it('loads an article page with other news, in the best language, and nothing for an unpublished or odd slug', async () => {
    const { auth } = await editor();
    const a = await draft(auth, { sw: 'Habari ya Kiswahili pekee' }, { category: 'policy' });
    expect(await loadArticlePage(a.slug, 'en')).toBeUndefined();
    await publish(auth, a.id);
    const page = await loadArticlePage(a.slug, 'en');
    expect(page?.article).toMatchObject({ locale: 'sw', is_fallback: true, locales: ['sw'] });
    expect(page?.otherNews.map((o) => o.id)).not.toContain(a.id);
    expect(await loadArticlePage('../etc', 'en')).toBeUndefined();
    expect(await loadArticlePage(undefined, 'en')).toBeUndefined();
    const list = await loadArticleList('?category=policy&page=1', 'fr');
    expect(list.query.category).toBe('policy');
    expect(list.items.map((i) => i.id)).toContain(a.id);
    // A hand-made link with values that are not ours shows the first page of everything.
    const odd = await loadArticleList('?category=gossip&page=-3', 'en');
    expect(odd.query).toEqual({ page: 1, category: undefined });
  });
});
