import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAGE_CATEGORY } from '~/features/articles/constants';
import { getDb } from '~/server/db';
import { articleRevisions, articles } from '~/server/db/schema';
import { isAppError } from '~/server/errors';
import { type DeskArticleView, loadDeskArticle, loadDeskList, loadDeskRevisions } from '~/server/loaders/desk';
import { loadContentPage } from '~/server/loaders/content-page';
import type { PageOutcome } from '~/server/loaders/form-post';
import { resolveUser } from '~/server/services/accounts/authenticate';
import { listPublishedArticles } from '~/server/services/articles/list-published-articles';
import { seedContentPages } from '~/server/services/content/seed-content-pages';
import { apiRequest, form } from '../fixtures/api';
import { signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { staffMember } from './admin-helpers';
import { TestCookies, formRequest } from '../fixtures/forms';

/**
 * The editors' desk (docs/articles.md "Desk") driven as a browser without JavaScript drives it (its loaders with
 * plain form posts), the API calls the island makes, and the FAQ and legal pages read from the database
 * (docs/articles.md "FAQ and legal pages").
 */
const database = useTestDatabase();
const db = () => database.handle().db;
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
let counter = 0;
const uniqueSlug = (label: string) => `${label}-${Date.now().toString(36)}-${++counter}`;

/** A signed-up member (an editor when `role` says so) with a browser: `open` GETs a desk page, `post` sends a form. */
async function member(role?: 'editor' | 'admin') {
  // Editors are staff: past the back office's second factor (docs/backoffice.md "Staff sign-in").
  const account = role ? await staffMember(role) : await signedUpUser();
  const user = await resolveUser(await getDb(), { bearer: account.access });
  if (!user) throw new Error('no session');
  const cookies = new TestCookies();
  const request = (path: string, fields?: Record<string, string>) => ({
    ...formRequest(path, { cookies, fields }),
    user,
  });
  return { ...account, user, cookies, request };
}

function viewOf<V>(outcome: PageOutcome<V>): V {
  if (!('view' in outcome)) throw new Error(`no view: ${JSON.stringify(outcome)}`);
  return outcome.view;
}

function redirectOf<V>(outcome: PageOutcome<V>): string {
  if (!('redirect' in outcome)) throw new Error(`no redirect: ${JSON.stringify((outcome as { view: unknown }).view)}`);
  return outcome.redirect;
}

/** The article form's fields for a new article in the languages given. */
function articleFields(titles: Partial<Record<'en' | 'sw' | 'fr', string>>, extra: Record<string, string> = {}) {
  const fields: Record<string, string> = {
    action: 'save',
    category: 'market_news',
    slug: uniqueSlug('desk'),
    ...extra,
  };
  for (const [locale, title] of Object.entries(titles)) {
    fields[`translations[${locale}][title]`] = title;
    fields[`translations[${locale}][summary]`] = `${title} summary`;
    fields[`translations[${locale}][body]`] = `Text of ${title}.`;
  }
  return fields;
}

/** Creates an article through the no-JS form and answers its id. */
async function createThroughForm(editor: Awaited<ReturnType<typeof member>>, fields: Record<string, string>) {
  viewOf(await loadDeskArticle(editor.request('/desk/articles/new'), 'new'));
  const to = redirectOf(await loadDeskArticle(editor.request('/desk/articles/new', fields), 'new'));
  const id = Number(/\/desk\/articles\/(\d+)\?done=created$/.exec(to)?.[1]);
  expect(id).toBeGreaterThan(0);
  return id;
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('desk: who may use it', () => {
  it('refuses an ordinary member the desk pages (403) and the editor API (403)', async () => {
    const farmer = await member();
    for (const load of [
      () => loadDeskList(farmer.request('/desk')),
      () => loadDeskArticle(farmer.request('/desk/articles/new'), 'new'),
      () => loadDeskRevisions(farmer.request('/desk/articles/1/revisions'), 1),
    ]) {
      const error = await refusal(load());
      expect(error.status).toBe(403);
    }
    const res = await apiRequest('/article/preview', {
      method: 'POST',
      body: form({ body: '# hi' }),
      headers: { ...FORM, ...farmer.auth },
    });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('forbidden');
  });

  it('refuses a signed-out visitor', async () => {
    const cookies = new TestCookies();
    const error = await refusal(loadDeskList(formRequest('/desk', { cookies })));
    expect(error.status).toBe(401);
  });
});

describe('desk: articles', () => {
  it('lists articles by state and shows the missing languages', async () => {
    const editor = await member('editor');
    const draftId = await createThroughForm(editor, articleFields({ en: 'Draft on maize', sw: 'Rasimu ya mahindi' }));
    const liveId = await createThroughForm(editor, articleFields({ en: 'Live on beans' }));
    const live = viewOf(await loadDeskArticle(editor.request(`/desk/articles/${liveId}`), liveId));
    expect(live.actions).toContain('publish');
    const to = redirectOf(
      await loadDeskArticle(
        editor.request(`/desk/articles/${liveId}`, {
          ...articleFields({ en: 'Live on beans' }, { slug: live.values.slug }),
          action: 'publish',
          version: String(live.version),
        }),
        liveId,
      ),
    );
    expect(to).toBe(`/desk/articles/${liveId}?done=publish`);

    const drafts = await loadDeskList(editor.request('/desk?state=draft'));
    expect(drafts.state).toBe('draft');
    expect(drafts.items.map((i) => i.id)).toContain(draftId);
    expect(drafts.items.map((i) => i.id)).not.toContain(liveId);
    const mine = drafts.items.find((i) => i.id === draftId)!;
    expect(mine.locales).toEqual(['en', 'sw']);
    expect(mine.missing_locales).toEqual(['fr']);

    const published = await loadDeskList(editor.request('/desk?state=published'));
    expect(published.items.map((i) => i.id)).toContain(liveId);
    const lackingFrench = await loadDeskList(editor.request('/desk?missing=fr'));
    expect(lackingFrench.items.every((i) => i.missing_locales.includes('fr'))).toBe(true);
    // The site's pages are not news: never in the desk's article list.
    const all = await loadDeskList(editor.request('/desk?per-page=50'));
    expect(all.items.some((i) => i.slug === 'faq')).toBe(false);
  });

  it('schedules in the editor’s time zone and refuses a malformed time', async () => {
    const editor = await member('editor');
    const id = await createThroughForm(editor, articleFields({ en: 'Scheduled story' }));
    const view = viewOf(await loadDeskArticle(editor.request(`/desk/articles/${id}`), id));
    const bad = await loadDeskArticle(
      editor.request(`/desk/articles/${id}`, {
        ...articleFields({ en: 'Scheduled story' }, { slug: view.values.slug }),
        action: 'schedule',
        version: String(view.version),
        publish_at_local: 'soon',
        tz: 'Africa/Nairobi',
      }),
      id,
    );
    expect(bad.status).toBe(422);
    const current = viewOf(await loadDeskArticle(editor.request(`/desk/articles/${id}`), id));
    redirectOf(
      await loadDeskArticle(
        editor.request(`/desk/articles/${id}`, {
          ...articleFields({ en: 'Scheduled story' }, { slug: view.values.slug }),
          action: 'schedule',
          version: String(current.version),
          publish_at_local: '2099-03-01T08:30',
          tz: 'Africa/Nairobi',
        }),
        id,
      ),
    );
    const [row] = await db().select().from(articles).where(eq(articles.id, id));
    expect(row.state).toBe('scheduled');
    expect(row.publishAt?.toISOString()).toBe('2099-03-01T05:30:00.000Z');
  });

  it('refuses a save against an older version, keeping what was typed and the other editor’s text', async () => {
    const first = await member('editor');
    const second = await member('editor');
    const id = await createThroughForm(first, articleFields({ en: 'Original' }));
    const firstView = viewOf(await loadDeskArticle(first.request(`/desk/articles/${id}`), id));
    viewOf(await loadDeskArticle(second.request(`/desk/articles/${id}`), id));
    const slug = firstView.values.slug;
    // The second editor saves first, through the API the island autosaves with.
    const saved = await apiRequest('/article/update', {
      method: 'POST',
      body: form({ id, version: firstView.version, 'translations[en][title]': 'Second editor wins' }),
      headers: { ...FORM, ...second.auth },
    });
    expect(saved.status, saved.text).toBe(200);

    const outcome = await loadDeskArticle(
      first.request(`/desk/articles/${id}`, {
        ...articleFields({ en: 'First editor late' }, { slug }),
        version: String(firstView.version),
      }),
      id,
    );
    expect(outcome.status).toBe(409);
    const view = viewOf(outcome as PageOutcome<DeskArticleView>);
    expect(view.conflict).toBe(true);
    expect(view.values.translations.en.title).toBe('First editor late');
    expect(view.version).toBe(firstView.version);
    const fresh = viewOf(await loadDeskArticle(first.request(`/desk/articles/${id}`), id));
    expect(fresh.values.translations.en.title).toBe('Second editor wins');

    // The island's autosave gets the same refusal as JSON.
    const stale = await apiRequest('/article/update', {
      method: 'POST',
      body: form({ id, version: firstView.version, 'translations[en][title]': 'Autosave' }),
      headers: { ...FORM, ...first.auth },
    });
    expect(stale.status).toBe(409);
    expect(stale.json.reason).toBe('articles.version_conflict');
  });

  it('shows revisions and restores one after a confirmation', async () => {
    const editor = await member('editor');
    const id = await createThroughForm(editor, articleFields({ en: 'Version one' }));
    const view = viewOf(await loadDeskArticle(editor.request(`/desk/articles/${id}`), id));
    redirectOf(
      await loadDeskArticle(
        editor.request(`/desk/articles/${id}`, {
          ...articleFields({ en: 'Version two' }, { slug: view.values.slug }),
          version: String(view.version),
        }),
        id,
      ),
    );
    const history = viewOf(await loadDeskRevisions(editor.request(`/desk/articles/${id}/revisions`), id));
    expect(history.revisions.map((r) => r.action)).toEqual(['update', 'create']);
    expect(history.revisions[0].changes).toContain('title.en');
    const created = history.revisions[1];
    const opened = viewOf(
      await loadDeskRevisions(editor.request(`/desk/articles/${id}/revisions?view=${created.id}`), id),
    );
    expect(opened.viewing?.snapshot.translations.en?.title).toBe('Version one');

    const unconfirmed = await loadDeskRevisions(
      editor.request(`/desk/articles/${id}/revisions`, {
        revision_id: String(created.id),
        version: String(opened.article.version),
      }),
      id,
    );
    expect(unconfirmed.status).toBe(422);
    const to = redirectOf(
      await loadDeskRevisions(
        editor.request(`/desk/articles/${id}/revisions`, {
          revision_id: String(created.id),
          version: String(opened.article.version),
          confirm: 'yes',
        }),
        id,
      ),
    );
    expect(to).toBe(`/desk/articles/${id}?done=restored`);
    const restored = viewOf(await loadDeskArticle(editor.request(`/desk/articles/${id}`), id));
    expect(restored.values.translations.en.title).toBe('Version one');
    const after = viewOf(await loadDeskRevisions(editor.request(`/desk/articles/${id}/revisions`), id));
    expect(after.revisions[0].action).toBe('restore');
  });
});

describe('FAQ and legal pages', () => {
  it('are seeded once from the Markdown files, each with a first revision, and never listed as news', async () => {
    const rows = await db().select().from(articles).where(eq(articles.category, PAGE_CATEGORY));
    expect(rows.map((r) => r.slug).sort()).toEqual(['faq', 'privacy-policy', 'terms-and-conditions', 'wallet']);
    expect(await seedContentPages(db())).toEqual({ created: [] });
    const faq = rows.find((r) => r.slug === 'faq')!;
    const revisions = await db().select().from(articleRevisions).where(eq(articleRevisions.articleId, faq.id));
    expect(revisions).toHaveLength(1);
    const news = await listPublishedArticles(db(), { locale: 'en', perPage: 50 });
    expect(news.items.some((i) => i.slug === 'faq')).toBe(false);
    const viewed = await apiRequest('/article/view/?slug=faq', { method: 'GET' });
    expect(viewed.status).toBe(404);
  });

  it('renders the FAQ from the database by topic, with FAQPage JSON-LD and a ?q= filter', async () => {
    const page = await loadContentPage('faq', 'sw', new URL('http://localhost/sw/faq'));
    expect(page.page.locale).toBe('sw');
    expect(page.faq?.topics.length).toBeGreaterThan(1);
    const ld = page.faq!.jsonLd as { '@type': string; mainEntity: { '@type': string; name: string }[] };
    expect(ld['@type']).toBe('FAQPage');
    expect(ld.mainEntity).toHaveLength(page.faq!.total);
    expect(ld.mainEntity[0]['@type']).toBe('Question');

    const found = await loadContentPage('faq', 'en', new URL('http://localhost/faq?q=ESCROW'));
    expect(found.faq!.shown).toBeGreaterThan(0);
    expect(found.faq!.shown).toBeLessThan(found.faq!.total);
    for (const topic of found.faq!.topics)
      for (const q of topic.questions) expect(`${q.question} ${q.html}`.toLowerCase()).toContain('escrow');
    // The JSON-LD always describes every question, whatever the search.
    expect((found.faq!.jsonLd as { mainEntity: unknown[] }).mainEntity).toHaveLength(found.faq!.total);
    const none = await loadContentPage('faq', 'en', new URL('http://localhost/faq?q=zzzxxyy'));
    expect(none.faq!.shown).toBe(0);

    const terms = await loadContentPage(
      'terms-and-conditions',
      'fr',
      new URL('http://localhost/fr/terms-and-conditions'),
    );
    expect(terms.faq).toBeNull();
    expect(terms.html).toContain('<h2>');
  });

  it('changes when an editor edits it on the desk, which records a revision; its address stays', async () => {
    const editor = await member('editor');
    const [faq] = await db()
      .select()
      .from(articles)
      .where(and(eq(articles.slug, 'faq'), eq(articles.category, PAGE_CATEGORY)));
    const view = viewOf(await loadDeskArticle(editor.request(`/desk/articles/${faq.id}`), faq.id));
    expect(view.isPage).toBe(true);
    expect(view.actions).toEqual(['save']);
    const body = `${view.values.translations.en.body}\n\n## Desk topic\n\n### Can editors change the FAQ?\n\nYes, on the desk.`;
    const fields: Record<string, string> = { action: 'save', version: String(view.version) };
    for (const locale of ['en', 'sw', 'fr'] as const) {
      fields[`translations[${locale}][title]`] = view.values.translations[locale].title;
      fields[`translations[${locale}][summary]`] = view.values.translations[locale].summary;
      fields[`translations[${locale}][body]`] = locale === 'en' ? body : view.values.translations[locale].body;
    }
    redirectOf(await loadDeskArticle(editor.request(`/desk/articles/${faq.id}`, fields), faq.id));
    const [latest] = await db()
      .select()
      .from(articleRevisions)
      .where(eq(articleRevisions.articleId, faq.id))
      .orderBy(desc(articleRevisions.id))
      .limit(1);
    expect(latest.action).toBe('update');
    expect(latest.changes).toEqual(['body.en']);
    expect(latest.editorId).toBe(editor.user.id);

    const page = await loadContentPage('faq', 'en', new URL('http://localhost/faq?q=editors change'));
    expect(page.faq!.topics.map((t) => t.title)).toEqual(['Desk topic']);

    // A page keeps its address and stays live.
    const moved = await apiRequest('/article/update', {
      method: 'POST',
      body: form({ id: faq.id, version: view.version + 1, slug: 'questions' }),
      headers: { ...FORM, ...editor.auth },
    });
    expect(moved.status).toBe(409);
    const hidden = await apiRequest('/article/change-state', {
      method: 'POST',
      body: form({ id: faq.id, state: 'unpublished' }),
      headers: { ...FORM, ...editor.auth },
    });
    expect(hidden.status).toBe(409);
  });
});
