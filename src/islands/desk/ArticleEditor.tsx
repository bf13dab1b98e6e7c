import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DESK_ACTION_LABEL } from '~/features/articles/desk-labels';
import { apiPost } from '~/stores/api';
import { languageName } from '~/i18n/format';
import { type Messages, createClientTranslator, messagesLocale } from '~/islands/lib/i18n';
import { applyCommand, insertBlock, type ToolbarCommand } from './markdown-toolbar';

/**
 * The editors' desk article form (docs/articles.md "Desk"). Rendered on the server it is a plain HTML form that
 * posts to its page (src/server/loaders/desk.ts): everything works without JavaScript. Hydrated, it adds a Markdown
 * toolbar, image upload with progress (XMLHttpRequest upload events), a live preview rendered by the server's own
 * renderer (`POST /article/preview`, debounced), autosave of drafts (`POST /article/update` carrying the version;
 * a 409 stops autosave and says someone else saved: nothing is overwritten), language tabs on phones, and the
 * editor's time zone for scheduling.
 */
type Locale = 'en' | 'sw' | 'fr';
const LOCALES: Locale[] = ['en', 'sw', 'fr'];
const LANGUAGE: Record<Locale, string> = { en: 'English', sw: 'Kiswahili', fr: 'Français' };
const PREVIEW_DELAY_MS = 600;
const AUTOSAVE_DELAY_MS = 3000;

interface Text {
  title: string;
  summary: string;
  body: string;
}

export interface ArticleEditorProps {
  action: string;
  tokenField: string;
  token: string;
  articleId: number | null;
  isPage: boolean;
  /** Autosave runs for drafts only: a live article changes only when its editor presses Save. */
  autosave: boolean;
  version: number;
  values: {
    slug: string;
    category: string;
    tags: string;
    related: string[];
    cover_path: string;
    cover_alt: Record<Locale, string>;
    translations: Record<Locale, Text>;
    publish_at_local: string;
    tz: string;
  };
  coverUrl: string | null;
  categories: { value: string; name: string }[];
  relatedGroups: { kind: string; label: string; options: { value: string; name: string }[] }[];
  actions: string[];
  errors: Record<string, string>;
  problem?: string;
  conflict: boolean;
  reloadHref: string;
  messages: Messages;
}

/** An upload of an image with its progress (0–100), by XMLHttpRequest: fetch reports no upload progress. */
function uploadImage(
  file: File,
  alt: string,
  onProgress: (percent: number) => void,
): Promise<{ ok: true; path: string; url: string; markdown: string } | { ok: false; message: string }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api-v2/article/upload-image');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', document.documentElement.lang || 'en');
    xhr.setRequestHeader('X-Session-Mode', 'cookie');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let data: Record<string, unknown> = {};
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        /* an answer that is not JSON is a failure below */
      }
      if (xhr.status >= 200 && xhr.status < 300)
        resolve({ ok: true, path: String(data.path), url: String(data.url), markdown: String(data.markdown) });
      else resolve({ ok: false, message: String(data.message ?? xhr.statusText) });
    };
    xhr.onerror = () => resolve({ ok: false, message: '' });
    const body = new FormData();
    body.set('file', file);
    body.set('alt', alt);
    xhr.send(body);
  });
}

function ImageUpload({
  t,
  onDone,
  label,
}: {
  t: ReturnType<typeof createClientTranslator>;
  onDone: (result: { path: string; url: string; markdown: string }) => void;
  label: string;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  const send = async () => {
    if (!file) return;
    if (!alt.trim()) {
      setError(t('articles.alt_required'));
      return;
    }
    setError('');
    setProgress(0);
    const result = await uploadImage(file, alt.trim(), setProgress);
    setProgress(null);
    if (!result.ok) setError(result.message || t('desk.upload_failed'));
    else {
      onDone(result);
      setFile(null);
      setAlt('');
    }
  };
  return (
    <fieldset className="rounded-box border border-base-300 p-3">
      <legend className="px-1 text-sm font-semibold">{label}</legend>
      <div className="flex flex-col gap-2">
        <input
          type="file"
          accept="image/*"
          aria-label={t('desk.image_file')}
          className="file-input file-input-bordered file-input-sm w-full"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <label className="flex flex-col gap-1 text-sm">
          <span>{t('desk.image_alt')}</span>
          <input
            type="text"
            value={alt}
            maxLength={200}
            aria-required="true"
            className="input input-bordered input-sm"
            onChange={(e) => setAlt(e.target.value)}
          />
        </label>
        <button type="button" className="btn btn-sm self-start" disabled={!file || progress !== null} onClick={send}>
          {t('desk.image_upload')}
        </button>
        {progress !== null && (
          <progress
            className="progress progress-primary w-full"
            value={progress}
            max={100}
            aria-label={t('desk.uploading')}
          >
            {progress}%
          </progress>
        )}
        {error && (
          <p role="alert" className="text-sm text-error">
            {error}
          </p>
        )}
      </div>
    </fieldset>
  );
}

export default function ArticleEditor(props: ArticleEditorProps) {
  const t = useMemo(() => createClientTranslator(props.messages), [props.messages]);
  const [mounted, setMounted] = useState(false);
  const [tab, setTab] = useState<Locale>('en');
  const [texts, setTexts] = useState(props.values.translations);
  const [coverPath, setCoverPath] = useState(props.values.cover_path);
  const [coverUrl, setCoverUrl] = useState(props.coverUrl);
  const [coverAlt, setCoverAlt] = useState(props.values.cover_alt);
  const [version, setVersion] = useState(props.version);
  const [previews, setPreviews] = useState<Record<Locale, string>>({ en: '', sw: '', fr: '' });
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [conflict, setConflict] = useState(props.conflict);
  const [saveError, setSaveError] = useState('');
  const [imageFor, setImageFor] = useState<Locale | null>(null);
  const [tz, setTz] = useState(props.values.tz);
  const [dirty, setDirty] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const bodies = useRef<Record<Locale, HTMLTextAreaElement | null>>({ en: null, sw: null, fr: null });

  useEffect(() => {
    setMounted(true);
    setTz(Intl.DateTimeFormat().resolvedOptions().timeZone || props.values.tz);
  }, [props.values.tz]);

  const setText = (locale: Locale, part: keyof Text, value: string) => {
    setTexts((prev) => ({ ...prev, [locale]: { ...prev[locale], [part]: value } }));
    setDirty(true);
  };

  // Live preview, debounced per language: the server renders it exactly as readers will get it.
  const previewTimers = useRef<Record<string, ReturnType<typeof setTimeout>>>({});
  useEffect(() => {
    if (!mounted) return;
    for (const locale of LOCALES) {
      clearTimeout(previewTimers.current[locale]);
      const body = texts[locale].body;
      previewTimers.current[locale] = setTimeout(async () => {
        if (!body.trim()) {
          setPreviews((prev) => ({ ...prev, [locale]: '' }));
          return;
        }
        const result = await apiPost<{ html: string }>('/article/preview', { body, locale });
        if (result.ok) setPreviews((prev) => ({ ...prev, [locale]: result.data.html }));
      }, PREVIEW_DELAY_MS);
    }
  }, [mounted, texts]);

  /** The form's content as `POST /article/update` reads it. */
  const contentFromForm = useCallback(() => {
    const form = formRef.current;
    if (!form) return null;
    const data = new FormData(form);
    const related = [...data.entries()]
      .filter(([name]) => name.startsWith('related_'))
      .map(([, value]) => String(value).split(':'));
    const body: Record<string, unknown> = {
      translations: texts,
      cover_alt: coverAlt,
      cover_path: coverPath,
    };
    if (!props.isPage) {
      body.slug = String(data.get('slug') ?? '');
      body.category = String(data.get('category') ?? '');
      body.tags = String(data.get('tags') ?? '');
      if (related.length > 0) body.related = Object.fromEntries(related.map(([kind, id], i) => [i, { kind, id }]));
    }
    return body;
  }, [texts, coverAlt, coverPath, props.isPage]);

  // Autosave of drafts, debounced; never after a conflict (the editor must reload first).
  const saving = useRef(false);
  useEffect(() => {
    if (!mounted || !dirty || !props.autosave || props.articleId === null || conflict) return;
    const timer = setTimeout(async () => {
      const content = contentFromForm();
      if (!content || saving.current) return;
      saving.current = true;
      const result = await apiPost<{ version: number }>('/article/update', {
        ...(content as Record<string, never>),
        id: props.articleId,
        version,
      });
      saving.current = false;
      if (result.ok) {
        setVersion(result.data.version);
        setDirty(false);
        setSaveError('');
        setSavedAt(
          new Intl.DateTimeFormat(document.documentElement.lang || 'en', { timeStyle: 'short' }).format(new Date()),
        );
      } else if (result.status === 409 && result.error.reason === 'articles.version_conflict') {
        setConflict(true);
      } else {
        setSaveError(result.error.message || t('desk.autosave_failed'));
      }
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [mounted, dirty, version, conflict, props.autosave, props.articleId, contentFromForm, t]);

  const runCommand = (locale: Locale, command: ToolbarCommand) => {
    const area = bodies.current[locale];
    if (!area) return;
    let url = '';
    if (command === 'link') {
      url = window.prompt(t('desk.link_prompt'), 'https://') ?? '';
      if (!url) return;
    }
    const edit = applyCommand(area.value, area.selectionStart, area.selectionEnd, command, url);
    setText(locale, 'body', edit.text);
    requestAnimationFrame(() => {
      area.focus();
      area.setSelectionRange(edit.start, edit.end);
    });
  };

  const insertImage = (locale: Locale, markdown: string) => {
    const area = bodies.current[locale];
    const at = area?.selectionEnd ?? texts[locale].body.length;
    setText(locale, 'body', insertBlock(texts[locale].body, at, markdown).text);
    setImageFor(null);
  };

  const TOOLS: { command: ToolbarCommand; label: string; text: string }[] = [
    { command: 'h2', label: t('desk.tool_heading'), text: 'H2' },
    { command: 'h3', label: t('desk.tool_subheading'), text: 'H3' },
    { command: 'bold', label: t('desk.tool_bold'), text: 'B' },
    { command: 'italic', label: t('desk.tool_italic'), text: 'I' },
    { command: 'bullets', label: t('desk.tool_bullets'), text: '•' },
    { command: 'numbers', label: t('desk.tool_numbers'), text: '1.' },
    { command: 'link', label: t('desk.tool_link'), text: '🔗' },
    { command: 'table', label: t('desk.tool_table'), text: '▦' },
  ];
  const error = (name: string) =>
    props.errors[name] ? (
      <p id={`${name}-error`} className="mt-1 text-sm text-error">
        {props.errors[name]}
      </p>
    ) : null;

  return (
    <form
      ref={formRef}
      method="post"
      action={props.action}
      encType="multipart/form-data"
      className="flex flex-col gap-6"
      data-article-editor
      onSubmit={() => setDirty(false)}
    >
      <input type="hidden" name={props.tokenField} value={props.token} />
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="cover_path" value={coverPath} />
      <input type="hidden" name="tz" value={tz} />

      {(props.problem || conflict) && (
        <div role="alert" className="alert alert-error flex flex-col items-start gap-2">
          <span>{conflict ? t('desk.conflict') : props.problem}</span>
          {conflict && (
            <a href={props.reloadHref} className="btn btn-sm">
              {t('desk.conflict_reload')}
            </a>
          )}
        </div>
      )}

      {!props.isPage && (
        <div className="grid gap-4 md:grid-cols-2">
          <label className="flex flex-col gap-1">
            <span className="font-medium">{t('desk.field_slug')}</span>
            <input
              name="slug"
              defaultValue={props.values.slug}
              maxLength={120}
              pattern="[a-z0-9]+(-[a-z0-9]+)*"
              className="input input-bordered"
              aria-describedby="slug-hint"
              onChange={() => setDirty(true)}
            />
            <span id="slug-hint" className="text-sm opacity-70">
              {t('desk.field_slug_hint')}
            </span>
            {error('slug')}
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-medium">{t('desk.field_category')}</span>
            <select
              name="category"
              defaultValue={props.values.category}
              className="select select-bordered"
              onChange={() => setDirty(true)}
            >
              {props.categories.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.name}
                </option>
              ))}
            </select>
            {error('category')}
          </label>
          <label className="flex flex-col gap-1 md:col-span-2">
            <span className="font-medium">{t('desk.field_tags')}</span>
            <input
              name="tags"
              defaultValue={props.values.tags}
              className="input input-bordered"
              aria-describedby="tags-hint"
              onChange={() => setDirty(true)}
            />
            <span id="tags-hint" className="text-sm opacity-70">
              {t('desk.field_tags_hint')}
            </span>
            {error('tags')}
          </label>
          <details className="md:col-span-2">
            <summary className="cursor-pointer font-medium">{t('desk.field_related')}</summary>
            <div className="mt-2 grid gap-3 sm:grid-cols-2">
              {props.relatedGroups.map((group) => (
                <fieldset key={group.kind}>
                  <legend className="text-sm font-semibold">{group.label}</legend>
                  {group.options.map((option) => (
                    <label key={option.value} className="flex min-h-8 items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="checkbox checkbox-sm"
                        name={`related_${option.value.replace(':', '_')}`}
                        value={option.value}
                        defaultChecked={props.values.related.includes(option.value)}
                        onChange={() => setDirty(true)}
                      />
                      {option.name}
                    </label>
                  ))}
                </fieldset>
              ))}
            </div>
            {error('related')}
          </details>
        </div>
      )}

      {!props.isPage && (
        <fieldset className="rounded-box border border-base-300 p-4">
          <legend className="px-1 font-semibold">{t('desk.cover')}</legend>
          {coverUrl && <img src={coverUrl} alt="" className="mb-3 max-h-48 rounded" />}
          {mounted ? (
            <ImageUpload
              t={t}
              label={t('desk.cover_upload')}
              onDone={(result) => {
                setCoverPath(result.path);
                setCoverUrl(result.url);
                setDirty(true);
              }}
            />
          ) : (
            <label className="flex flex-col gap-1">
              <span>{t('desk.cover_upload')}</span>
              <input type="file" name="cover_file" accept="image/*" className="file-input file-input-bordered w-full" />
            </label>
          )}
          <p className="mt-2 text-sm opacity-70">{t('desk.cover_alt_hint')}</p>
          <div className="mt-2 grid gap-3 md:grid-cols-3">
            {LOCALES.map((locale) => (
              <label key={locale} className="flex flex-col gap-1" lang={locale}>
                <span className="text-sm">
                  {t('desk.cover_alt', { language: languageName(locale, messagesLocale(props.messages)) })}
                </span>
                <input
                  name={`cover_alt[${locale}]`}
                  value={coverAlt[locale]}
                  maxLength={200}
                  className="input input-bordered input-sm"
                  onChange={(e) => {
                    setCoverAlt((prev) => ({ ...prev, [locale]: e.target.value }));
                    setDirty(true);
                  }}
                />
              </label>
            ))}
          </div>
          {error('cover_alt')}
        </fieldset>
      )}

      {mounted && (
        <div role="tablist" className="tabs tabs-boxed lg:hidden" aria-label={t('desk.languages')}>
          {LOCALES.map((locale) => (
            <button
              key={locale}
              type="button"
              role="tab"
              aria-selected={tab === locale}
              className={`tab min-h-11 ${tab === locale ? 'tab-active' : ''}`}
              onClick={() => setTab(locale)}
            >
              {LANGUAGE[locale]}
              {!texts[locale].title && <span className="badge badge-warning badge-sm ms-1">{t('desk.missing')}</span>}
            </button>
          ))}
        </div>
      )}

      <div className="grid gap-4 lg:grid-cols-3">
        {LOCALES.map((locale) => (
          <fieldset
            key={locale}
            lang={locale}
            data-language={locale}
            className={`min-w-0 rounded-box border border-base-300 p-3 ${mounted && tab !== locale ? 'hidden lg:block' : ''}`}
          >
            <legend className="px-1 font-semibold">
              {LANGUAGE[locale]}{' '}
              {!texts[locale].title && <span className="badge badge-warning badge-sm">{t('desk.missing')}</span>}
            </legend>
            <label className="flex flex-col gap-1">
              <span className="text-sm font-medium">{t('desk.field_title')}</span>
              <input
                name={`translations[${locale}][title]`}
                value={texts[locale].title}
                maxLength={200}
                className="input input-bordered"
                onChange={(e) => setText(locale, 'title', e.target.value)}
              />
              {error(`translations.${locale}.title`)}
            </label>
            <label className="mt-2 flex flex-col gap-1">
              <span className="text-sm font-medium">{t('desk.field_summary')}</span>
              <textarea
                name={`translations[${locale}][summary]`}
                value={texts[locale].summary}
                maxLength={500}
                rows={2}
                className="textarea textarea-bordered"
                onChange={(e) => setText(locale, 'summary', e.target.value)}
              />
            </label>
            <label className="mt-2 flex flex-col gap-1" htmlFor={`body-${locale}`}>
              <span className="text-sm font-medium">{t('desk.field_body')}</span>
            </label>
            {mounted && (
              <div role="toolbar" aria-label={t('desk.toolbar')} className="mb-1 flex flex-wrap gap-1">
                {TOOLS.map((tool) => (
                  <button
                    key={tool.command}
                    type="button"
                    className="btn btn-xs min-h-8"
                    title={tool.label}
                    aria-label={tool.label}
                    onClick={() => runCommand(locale, tool.command)}
                  >
                    {tool.text}
                  </button>
                ))}
                <button
                  type="button"
                  className="btn btn-xs min-h-8"
                  aria-label={t('desk.tool_image')}
                  title={t('desk.tool_image')}
                  aria-expanded={imageFor === locale}
                  onClick={() => setImageFor(imageFor === locale ? null : locale)}
                >
                  🖼
                </button>
              </div>
            )}
            {imageFor === locale && (
              <ImageUpload
                t={t}
                label={t('desk.tool_image')}
                onDone={(result) => insertImage(locale, result.markdown)}
              />
            )}
            <textarea
              id={`body-${locale}`}
              ref={(el) => {
                bodies.current[locale] = el;
              }}
              name={`translations[${locale}][body]`}
              value={texts[locale].body}
              rows={16}
              className="textarea textarea-bordered w-full font-mono text-sm"
              onChange={(e) => setText(locale, 'body', e.target.value)}
            />
            {error(`translations.${locale}.body`)}
            {mounted && (
              <section aria-label={t('desk.preview')} className="mt-3">
                <h3 className="text-sm font-semibold opacity-70">{t('desk.preview')}</h3>
                <div
                  className="content-body rounded border border-dashed border-base-300 p-2"
                  data-preview={locale}
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server's renderer (src/server/content/render-markdown.ts)
                  dangerouslySetInnerHTML={{ __html: previews[locale] }}
                />
              </section>
            )}
          </fieldset>
        ))}
      </div>
      {error('translations')}

      <div className="flex flex-wrap items-end gap-3">
        {props.actions.includes('schedule') && (
          <label className="flex flex-col gap-1">
            <span className="text-sm font-medium">{t('desk.schedule_at', { zone: tz })}</span>
            <input
              type="datetime-local"
              name="publish_at_local"
              defaultValue={props.values.publish_at_local}
              className="input input-bordered"
            />
            {error('publish_at')}
          </label>
        )}
        {props.actions.map((action) => (
          <button
            key={action}
            type="submit"
            name="action"
            value={action}
            className={`btn min-h-11 ${action === 'save' ? 'btn-primary' : action === 'publish' ? 'btn-success' : ''}`}
          >
            {t(DESK_ACTION_LABEL[action] ?? action)}
          </button>
        ))}
        <span role="status" className="text-sm opacity-70">
          {savedAt ? t('desk.saved_at', { time: savedAt }) : ''}
          {saveError}
        </span>
      </div>
    </form>
  );
}
