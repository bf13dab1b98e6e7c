import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import { ARTICLE_BODY_MAX, READING_WORDS_PER_MINUTE } from '~/features/articles/constants';
import type { Locale } from '~/i18n/config';
import { spacedFor } from '~/i18n/typography';
import { AppError } from '~/server/errors';

/**
 * The one Markdown renderer of content (articles; the editors' desk preview calls it through
 * `POST /article/preview`, so editors see exactly what readers get). Two walls (docs/articles.md "Markdown"):
 * markdown-it with raw HTML off escapes any tag typed into the text and refuses javascript:/vbscript:/file:/data:
 * links; sanitize-html then keeps only an allow-list of tags and attributes, drops event handlers, and checks
 * every URL again (so a bug in one wall is caught by the other).
 */

/** Uploaded images are served from here (src/server/storage/index.ts); other images must be https. */
const UPLOADS_PREFIX = '/uploads/';

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: false });
// A French text gets French spacing (src/i18n/typography.ts) in its words — never in code, links' addresses or
// image sources, which are not text tokens.
markdown.core.ruler.push('french_spacing', (state) => {
  const locale = (state.env as { locale?: Locale } | undefined)?.locale;
  if (locale !== 'fr') return;
  for (const block of state.tokens)
    for (const token of block.children ?? [])
      if (token.type === 'text') token.content = spacedFor(locale, token.content);
});
// markdown-it lets `data:image/png|gif|jpeg|webp` through as image sources; we allow no data: URL at all.
const defaultValidate = markdown.validateLink.bind(markdown);
markdown.validateLink = (url: string) => defaultValidate(url) && !/^\s*data:/i.test(decodeLoosely(url));

/** A table column's alignment, as a class of src/styles/global.css (`.article-body .align-right`). */
const ALIGN_CLASSES = ['align-left', 'align-right', 'align-center'] as const;

/**
 * markdown-it aligns a table's cells with `style="text-align:…"`; the pages' Content-Security-Policy refuses style
 * attributes (docs/architecture.md "Content security policy"), so the alignment becomes a class.
 */
function alignedCell(tagName: string, attribs: Record<string, string>): sanitizeHtml.Tag {
  const align = /^\s*text-align\s*:\s*(left|right|center)\s*;?\s*$/i.exec(attribs.style ?? '')?.[1]?.toLowerCase();
  const aligned: Record<string, string> = align ? { class: `align-${align}` } : {};
  return { tagName, attribs: aligned };
}

/** Percent-decoded and entity-free, for checking a URL's scheme the way a browser would read it. */
function decodeLoosely(url: string): string {
  let text = url;
  try {
    text = decodeURIComponent(url);
  } catch {
    /* keep as is */
  }
  // Browsers ignore ASCII whitespace and control characters inside a scheme (`java\tscript:`).
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  return text.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();
}

/** An https link, a page of ours (`/…`, not `//host`), an in-page anchor or a mailto: address. */
function isSafeHref(href: string): boolean {
  const plain = decodeLoosely(href);
  if (plain.startsWith('#')) return true;
  if (plain.startsWith('/') && !plain.startsWith('//') && !plain.startsWith('/\\')) return true;
  return /^(https?:|mailto:)/.test(plain);
}

/** Images only from our uploads or over https. */
function isSafeImageSource(src: string): boolean {
  const plain = decodeLoosely(src);
  if (plain.startsWith(UPLOADS_PREFIX) && !plain.includes('..')) return true;
  return plain.startsWith('https://');
}

function isExternal(href: string): boolean {
  return /^(https?:)?\/\//i.test(href.trim());
}

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    's',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'loading', 'decoding'],
    ol: ['start'],
    th: ['class'],
    td: ['class'],
  },
  allowedClasses: { th: [...ALIGN_CLASSES], td: [...ALIGN_CLASSES] },
  // Relative (`/board`) and these schemes only; the per-tag checks below are stricter still.
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // The article's title is its one h1: headings in a body start at h2.
    h1: 'h2',
    th: alignedCell,
    td: alignedCell,
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      if (!isSafeHref(href)) return { tagName: 'span', attribs: {} };
      const next: Record<string, string> = { href };
      if (attribs.title) next.title = attribs.title;
      if (isExternal(href)) next.rel = 'noopener nofollow ugc';
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => {
      const src = attribs.src ?? '';
      if (!isSafeImageSource(src)) return { tagName: 'span', attribs: {} };
      const next: Record<string, string> = { src, alt: attribs.alt ?? '', loading: 'lazy', decoding: 'async' };
      if (attribs.title) next.title = attribs.title;
      return { tagName, attribs: next };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'span' && !frame.text.trim(),
};

export interface RenderedMarkdown {
  html: string;
  /** Words of the text, for the reading time. */
  words: number;
}

/**
 * Markdown (at most ARTICLE_BODY_MAX characters, else a 422 on `field`) → sanitised HTML safe to put into a page
 * as is. Raw HTML in the input shows as text; unsafe links become plain text; unsafe images are dropped. `locale` is
 * the text's language: French text gets its no-break spaces.
 */
export function renderMarkdown(source: string, locale?: Locale, field = 'body'): RenderedMarkdown {
  if (source.length > ARTICLE_BODY_MAX)
    throw new AppError('validation_failed', 'articles.body_too_long', {
      vars: { max: ARTICLE_BODY_MAX },
      fields: { [field]: [{ key: 'articles.body_too_long', vars: { max: ARTICLE_BODY_MAX } }] },
    });
  const html = sanitizeHtml(markdown.render(source, { locale }), SANITIZE);
  return { html, words: countWords(sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })) };
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Minutes to read `words` words (at least one). */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / READING_WORDS_PER_MINUTE));
}
