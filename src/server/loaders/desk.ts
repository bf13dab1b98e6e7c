import { isEditor } from '~/features/accounts/constants';
import { ARTICLE_CATEGORIES, type ArticleState, PAGE_CATEGORY } from '~/features/articles/constants';
import {
  articleCreateSchema,
  articleRestoreSchema,
  articleUpdateSchema,
  deskListQuery,
} from '~/features/articles/schemas';
import { utcToZonedLocal, zonedLocalToUtc } from '~/features/articles/zoned-time';
import { INTEREST_CATEGORY_KINDS } from '~/features/companies/schemas';
import { LOCALES, type Locale } from '~/i18n/config';
import { localizePath } from '~/i18n/paths';
import { nestFormFields } from '~/server/api/body';
import { parseInput } from '~/server/api/validate';
import { getDb } from '~/server/db';
import { AppError } from '~/server/errors';
import { changeArticleState } from '~/server/services/articles/change-article-state';
import { createArticle } from '~/server/services/articles/create-article';
import { listArticleRevisions } from '~/server/services/articles/list-article-revisions';
import { listArticlesForDesk } from '~/server/services/articles/list-articles-for-desk';
import { readArticleForDesk } from '~/server/services/articles/read-article-for-desk';
import { restoreArticleRevision } from '~/server/services/articles/restore-article-revision';
import { updateArticle } from '~/server/services/articles/update-article';
import { uploadArticleImage } from '~/server/services/articles/upload-article-image';
import { listContentPagesForDesk } from '~/server/services/content/list-content-pages-for-desk';
import { listRootCategories } from '~/server/services/reference/list-categories';
import {
  type FormPageRequest,
  type FormState,
  PRIVATE_PAGE,
  type PageOutcome,
  blankForm,
  handleFormPost,
  readMultipartForm,
} from './form-post';

/**
 * The editors' desk (docs/articles.md "Desk"): /desk (articles by state and language), /desk/articles/new and
 * /desk/articles/{id} (the article form: a plain HTML POST, enhanced by the ArticleEditor island),
 * /desk/articles/{id}/revisions (view and restore) and /desk/pages (the site's pages). Editors and administrators
 * only: the pages answer a signed-out visitor with the sign-in page and any other member with 403 (guards.ts
 * requireRole) before a loader runs; each service checks the role again.
 */
export const DESK_PATH = '/desk';
export const deskArticlePath = (id: number | 'new') => `/desk/articles/${id}`;

/** A post with a cover picture: the image's 10 MB and three bodies of Markdown. */
const MAX_DESK_FORM_BYTES = 12 * 1024 * 1024;

/** The time zone a schedule is read in when the browser did not say (the island fills `tz` with the editor's). */
export const FALLBACK_TIME_ZONE = 'UTC';

export type DeskEditor = NonNullable<FormPageRequest['user']>;

function requireDeskEditor(request: FormPageRequest): DeskEditor {
  const user = request.user;
  if (!user) throw new AppError('unauthorized', 'errors.unauthorized');
  if (!isEditor(user)) throw new AppError('forbidden', 'errors.editors_only');
  return user;
}

// ——— /desk: the list ———

export interface DeskListView {
  state: ArticleState | null;
  missing: Locale | null;
  items: Awaited<ReturnType<typeof listArticlesForDesk>>['items'];
  meta: Awaited<ReturnType<typeof listArticlesForDesk>>['_meta'];
  /** The address of this list with other filters or page (`href({ state: 'draft' })`). */
  links: {
    state: (state: ArticleState | null) => string;
    missing: (missing: Locale | null) => string;
    page: (page: number) => string;
  };
}

export async function loadDeskList(request: FormPageRequest): Promise<DeskListView> {
  const editor = requireDeskEditor(request);
  const raw = Object.fromEntries(request.url.searchParams);
  const parsed = deskListQuery.safeParse(raw);
  const query = parsed.success ? parsed.data : deskListQuery.parse({});
  const list = await listArticlesForDesk(await getDb(), editor, query, request.locale);
  const base = localizePath(DESK_PATH, request.locale);
  const href = (next: { state?: string | null; missing?: string | null; page?: number }) => {
    const params = new URLSearchParams();
    const state = next.state === undefined ? query.state : next.state;
    const missing = next.missing === undefined ? query.missing : next.missing;
    if (state) params.set('state', state);
    if (missing) params.set('missing', missing);
    if (next.page && next.page > 1) params.set('page', String(next.page));
    const search = params.toString();
    return search ? `${base}?${search}` : base;
  };
  return {
    state: query.state ?? null,
    missing: query.missing ?? null,
    items: list.items,
    meta: list._meta,
    links: {
      state: (state) => href({ state, page: 1 }),
      missing: (missing) => href({ missing, page: 1 }),
      page: (page) => href({ page }),
    },
  };
}

// ——— /desk/pages ———

export async function loadDeskPages(request: FormPageRequest) {
  const editor = requireDeskEditor(request);
  return { pages: await listContentPagesForDesk(await getDb(), editor, request.locale) };
}

// ——— /desk/articles/new and /desk/articles/{id}: the form ———

export const ARTICLE_FORM_ACTIONS = ['save', 'schedule', 'publish', 'unpublish', 'draft'] as const;
export type ArticleFormAction = (typeof ARTICLE_FORM_ACTIONS)[number];

export type DeskArticle = Awaited<ReturnType<typeof readArticleForDesk>>;

/** What the article form (and the island) starts from. */
export interface ArticleFormValues {
  slug: string;
  category: string;
  tags: string;
  related: string[];
  cover_path: string;
  cover_alt: Record<Locale, string>;
  translations: Record<Locale, { title: string; summary: string; body: string }>;
  publish_at_local: string;
  tz: string;
}

export interface DeskArticleView {
  article: DeskArticle | null;
  isPage: boolean;
  values: ArticleFormValues;
  /** The version the form saves against (0 for a new article). */
  version: number;
  form: FormState;
  /** Field errors keyed as the API names them (`translations.sw.title`). */
  errors: Record<string, string>;
  conflict: boolean;
  done: string | null;
  categories: { kind: string; options: { value: string; name: string }[] }[];
  actions: ArticleFormAction[];
}

function emptyValues(): ArticleFormValues {
  const blank = { title: '', summary: '', body: '' };
  return {
    slug: '',
    category: ARTICLE_CATEGORIES[0],
    tags: '',
    related: [],
    cover_path: '',
    cover_alt: { en: '', sw: '', fr: '' },
    translations: { en: { ...blank }, sw: { ...blank }, fr: { ...blank } },
    publish_at_local: '',
    tz: FALLBACK_TIME_ZONE,
  };
}

function valuesOf(article: DeskArticle): ArticleFormValues {
  const values = emptyValues();
  values.slug = article.slug;
  values.category = article.category;
  values.tags = article.tags.join(', ');
  values.related = article.related.map((r) => `${r.kind}:${r.id}`);
  values.cover_path = article.cover_path ?? '';
  for (const locale of LOCALES) {
    values.cover_alt[locale] = article.cover_alt[locale] ?? '';
    const text = article.translations[locale];
    if (text) values.translations[locale] = { ...text };
  }
  if (article.publish_at) values.publish_at_local = utcToZonedLocal(new Date(article.publish_at), FALLBACK_TIME_ZONE);
  return values;
}

/** The posted form's values as the page shows them again after a refusal. */
function valuesFromPost(fields: Record<string, string>): ArticleFormValues {
  const values = emptyValues();
  values.slug = fields.slug ?? '';
  values.category = fields.category ?? values.category;
  values.tags = fields.tags ?? '';
  values.related = relatedValues(fields);
  values.cover_path = fields.cover_path ?? '';
  for (const locale of LOCALES) {
    values.cover_alt[locale] = fields[`cover_alt[${locale}]`] ?? '';
    for (const part of ['title', 'summary', 'body'] as const)
      values.translations[locale][part] = fields[`translations[${locale}][${part}]`] ?? '';
  }
  values.publish_at_local = fields.publish_at_local ?? '';
  values.tz = fields.tz || FALLBACK_TIME_ZONE;
  return values;
}

/** Related lot categories are checkboxes `related_<kind>_<id>` with the value `kind:id`. */
function relatedValues(fields: Record<string, string>): string[] {
  return Object.entries(fields)
    .filter(([name]) => name.startsWith('related_'))
    .map(([, value]) => value);
}

function relatedInput(values: string[]) {
  return values.flatMap((value) => {
    const [kind, id] = value.split(':');
    return kind && id ? [{ kind, id }] : [];
  });
}

/** The article's content fields of a post, nested as the API's schemas read them. */
function contentInput(fields: Record<string, string>, isPage: boolean) {
  const nested = nestFormFields(
    Object.fromEntries(
      Object.entries(fields).filter(([name]) => name.startsWith('translations[') || name.startsWith('cover_alt[')),
    ),
  );
  const input: Record<string, unknown> = {
    translations: nested.translations ?? {},
    cover_alt: nested.cover_alt ?? {},
    cover_path: fields.cover_path ?? '',
  };
  if (!isPage) {
    input.slug = fields.slug;
    input.category = fields.category;
    input.tags = fields.tags ?? '';
    input.related = relatedInput(relatedValues(fields));
  }
  return input;
}

/** The fields the article form shows a message beside, named as the API names them. */
export const ARTICLE_FORM_FIELDS = [
  'slug',
  'category',
  'tags',
  'related',
  'cover_path',
  'cover_alt',
  'file',
  'publish_at',
  'translations',
  ...LOCALES.flatMap((locale) => [
    `translations.${locale}.title`,
    `translations.${locale}.summary`,
    `translations.${locale}.body`,
    `cover_alt.${locale}`,
  ]),
];

const STATE_OF: Record<Exclude<ArticleFormAction, 'save'>, ArticleState> = {
  schedule: 'scheduled',
  publish: 'published',
  unpublish: 'unpublished',
  draft: 'draft',
};

/** The buttons an article in `state` offers besides saving (ARTICLE_TRANSITIONS, the site's pages: none). */
function actionsFor(article: DeskArticle | null): ArticleFormAction[] {
  if (!article) return ['save'];
  if (article.category === PAGE_CATEGORY) return ['save'];
  const next: Record<ArticleState, ArticleFormAction[]> = {
    draft: ['save', 'schedule', 'publish'],
    scheduled: ['save', 'schedule', 'publish', 'draft'],
    published: ['save', 'unpublish'],
    unpublished: ['save', 'schedule', 'publish', 'draft'],
  };
  return next[article.state];
}

async function categoryOptions(locale: Locale) {
  const db = await getDb();
  return Promise.all(
    INTEREST_CATEGORY_KINDS.map(async (kind) => ({
      kind,
      options: (await listRootCategories(db, kind, locale)).map((c) => ({ value: `${kind}:${c.id}`, name: c.name })),
    })),
  );
}

/**
 * The article form. GET shows it (a new article, or one in any state with its version); POST `action`: `save`
 * (create, or update against `version`: someone else's save in between is refused with 409 and what was typed
 * stays on the page), `schedule` (`publish_at_local` in the zone `tz`), `publish`, `unpublish`, `draft`. A cover
 * picture posted with its alt text is stored first (uploadArticleImage). Done steps redirect (303) with `?done=`.
 */
export async function loadDeskArticle(
  request: FormPageRequest,
  id: number | 'new',
): Promise<PageOutcome<DeskArticleView>> {
  const editor = requireDeskEditor(request);
  const db = await getDb();
  const article = id === 'new' ? null : await readArticleForDesk(db, editor, id);
  const isPage = article?.category === PAGE_CATEGORY;
  const action = localizePath(deskArticlePath(id), request.locale);
  const categories = isPage ? [] : await categoryOptions(request.locale);
  const view = (form: FormState, values: ArticleFormValues, extra: Partial<DeskArticleView> = {}): DeskArticleView => ({
    article,
    isPage,
    values,
    version: article?.version ?? 0,
    form,
    errors: {},
    conflict: false,
    done: null,
    categories,
    actions: actionsFor(article),
    ...extra,
  });

  if (request.request.method !== 'POST') {
    const done = request.url.searchParams.get('done');
    return {
      view: view(blankForm(request, action), article ? valuesOf(article) : emptyValues(), { done }),
      status: 200,
      headers: PRIVATE_PAGE,
    };
  }

  let files: Record<string, File> = {};
  return handleFormPost(request, {
    action,
    shownFields: ARTICLE_FORM_FIELDS,
    read: async (posting) => {
      const read = await readMultipartForm(posting, MAX_DESK_FORM_BYTES);
      files = read.files;
      return read.fields;
    },
    keep: () => ({}),
    run: async (fields) => {
      const posted = fields.action as ArticleFormAction;
      if (!(ARTICLE_FORM_ACTIONS as readonly string[]).includes(posted))
        throw new AppError('bad_request', 'errors.bad_request');
      const input = contentInput(fields, isPage);
      const cover = files.cover_file;
      if (cover && cover.size > 0) {
        const alt = LOCALES.map((l) => fields[`cover_alt[${l}]`]?.trim()).find(Boolean) ?? '';
        if (!alt)
          throw new AppError('validation_failed', 'articles.alt_required', {
            fields: { cover_alt: [{ key: 'articles.alt_required' }] },
          });
        input.cover_path = (await uploadArticleImage(editor, cover, alt)).path;
      }
      if (!article) {
        const created = await createArticle(db, editor, parseInput(articleCreateSchema, input));
        return `${localizePath(deskArticlePath(created.id), request.locale)}?done=created`;
      }
      let version = Number(fields.version);
      const saved = await updateArticle(
        db,
        editor,
        parseInput(articleUpdateSchema, { ...input, id: article.id, version }),
      );
      version = saved.version;
      if (posted !== 'save') {
        const publishAt =
          posted === 'schedule'
            ? zonedLocalToUtc(fields.publish_at_local ?? '', fields.tz || FALLBACK_TIME_ZONE)
            : undefined;
        if (posted === 'schedule' && !publishAt)
          throw new AppError('validation_failed', 'errors.validation_failed', {
            fields: { publish_at: [{ key: 'validation.required' }] },
          });
        await changeArticleState(db, editor, {
          id: article.id,
          version,
          state: STATE_OF[posted],
          publish_at: publishAt,
        });
      }
      return `${action}?done=${posted}`;
    },
    view: (form, error, fields) => {
      return view(form, valuesFromPost(fields), {
        errors: form.errors as Record<string, string>,
        conflict: error.messageKey === 'articles.version_conflict',
        // After a refusal the form keeps the version it was opened at: a conflict stays a conflict.
        version: Number(fields.version) || (article?.version ?? 0),
      });
    },
  });
}

// ——— /desk/articles/{id}/revisions ———

export interface DeskRevisionsView {
  article: DeskArticle;
  revisions: Awaited<ReturnType<typeof listArticleRevisions>>['items'];
  /** The revision opened with `?view=`. */
  viewing: Awaited<ReturnType<typeof listArticleRevisions>>['items'][number] | null;
  form: FormState;
  done: string | null;
}

/** An article's revisions: who, when, what changed; `?view=ID` shows one; POST `revision_id` + `version` restores. */
export async function loadDeskRevisions(request: FormPageRequest, id: number): Promise<PageOutcome<DeskRevisionsView>> {
  const editor = requireDeskEditor(request);
  const db = await getDb();
  const action = localizePath(`${deskArticlePath(id)}/revisions`, request.locale);
  const build = async (form: FormState, done: string | null): Promise<DeskRevisionsView> => {
    const article = await readArticleForDesk(db, editor, id);
    const { items } = await listArticleRevisions(db, editor, id);
    const wanted = Number(request.url.searchParams.get('view'));
    return { article, revisions: items, viewing: items.find((r) => r.id === wanted) ?? null, form, done };
  };
  if (request.request.method !== 'POST')
    return {
      view: await build(blankForm(request, action), request.url.searchParams.get('done')),
      status: 200,
      headers: PRIVATE_PAGE,
    };
  return handleFormPost(request, {
    action,
    shownFields: [],
    run: async (fields) => {
      if (fields.confirm !== 'yes')
        throw new AppError('validation_failed', 'errors.validation_failed', {
          fields: { confirm: [{ key: 'desk.restore_confirm_required' }] },
        });
      await restoreArticleRevision(
        db,
        editor,
        parseInput(articleRestoreSchema, { id, revision_id: fields.revision_id, version: fields.version }),
      );
      return `${localizePath(deskArticlePath(id), request.locale)}?done=restored`;
    },
    view: (form) => build(form, null),
  });
}
