import { z } from 'zod';
import { plainLine } from '~/features/accounts/schemas';
import { INTEREST_CATEGORY_KINDS } from '~/features/companies/schemas';
import { readMachineField } from '~/features/numbers/schema';
import { MAX_INT, optionalInt, requiredInt } from '~/features/validation/fields';
import { LOCALES } from '~/i18n/config';
import {
  ARTICLE_ALT_MAX,
  ARTICLE_BODY_MAX,
  ARTICLE_CATEGORIES,
  ARTICLE_RELATED_MAX,
  ARTICLE_SLUG_MAX,
  ARTICLE_STATES,
  ARTICLE_SUMMARY_MAX,
  ARTICLE_TAG_MAX,
  ARTICLE_TAGS_MAX,
  ARTICLE_TITLE_MAX,
  ARTICLES_MAX_PER_PAGE,
  ARTICLES_PER_PAGE,
} from './constants';

/**
 * Zod schemas of the articles API and the editors' desk (docs/articles.md). Custom messages are dictionary keys.
 */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** A slug: lower-case letters, digits and single hyphens (`maize-prices-rise-in-arusha`). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slugField = z
  .string()
  .trim()
  .toLowerCase()
  .max(ARTICLE_SLUG_MAX)
  .regex(SLUG_PATTERN, { message: 'articles.slug_invalid' });

/** A slug made from a title: accents dropped, anything else than letters and digits becomes one hyphen. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
}

/** Tags as a list or one comma-separated line (a plain form's text input). */
const tagsField = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',') : value),
  z
    .array(plainLine(ARTICLE_TAG_MAX))
    .max(ARTICLE_TAGS_MAX)
    .transform((tags) => [...new Set(tags.map((tag) => tag.toLowerCase()).filter(Boolean))]),
);

/** Lot categories the article is about: `related[0][kind]=board&related[0][id]=3`. */
const relatedField = z
  .array(z.object({ kind: z.enum(INTEREST_CATEGORY_KINDS), id: requiredInt() }))
  .max(ARTICLE_RELATED_MAX);

/** One language's version; a blank title with a blank body removes that language (at least one must stay). */
export const translationSchema = z.object({
  title: z.preprocess((v) => v ?? '', plainLine(ARTICLE_TITLE_MAX)),
  summary: z.preprocess((v) => v ?? '', z.string().trim().max(ARTICLE_SUMMARY_MAX)),
  body: z.preprocess((v) => v ?? '', z.string().max(ARTICLE_BODY_MAX, { message: 'articles.body_too_long' })),
});
export type TranslationInput = z.infer<typeof translationSchema>;

const translationsField = z
  .object(
    Object.fromEntries(LOCALES.map((locale) => [locale, translationSchema.optional()])) as {
      en: z.ZodOptional<typeof translationSchema>;
      sw: z.ZodOptional<typeof translationSchema>;
      fr: z.ZodOptional<typeof translationSchema>;
    },
  )
  .superRefine((value, ctx) => {
    for (const locale of LOCALES) {
      const item = value[locale];
      if (item && !item.title && (item.body.trim() || item.summary)) {
        ctx.addIssue({ code: 'custom', path: [locale, 'title'], message: 'validation.required' });
      }
    }
  });

/** The cover: a stored image's key from `POST /article/upload-image` and its alt text per language. */
const coverPathField = z.preprocess(
  blankToUndefined,
  z
    .string()
    .max(200)
    .regex(/^articles\/\d+\/[a-f0-9]{24}$/, { message: 'validation.invalid' })
    .nullable()
    .optional(),
);
const coverAltField = z.object(
  Object.fromEntries(LOCALES.map((locale) => [locale, plainLine(ARTICLE_ALT_MAX).optional()])) as Record<
    (typeof LOCALES)[number],
    z.ZodOptional<ReturnType<typeof plainLine>>
  >,
);

const articleFields = {
  slug: z.preprocess(blankToUndefined, slugField.optional()),
  category: z.enum(ARTICLE_CATEGORIES, { message: 'validation.invalid_option' }),
  cover_path: coverPathField,
  cover_alt: coverAltField.optional(),
  tags: tagsField.optional(),
  related: relatedField.optional(),
  translations: translationsField,
};

/** A new article (a draft): a category and at least one language with a title. */
export const articleCreateSchema = z.object(articleFields);
export type ArticleCreateInput = z.infer<typeof articleCreateSchema>;

/**
 * A change: `id`, the `version` the editor started from (an older one is a 409), and the fields sent; languages
 * not sent stay as they are.
 */
export const articleUpdateSchema = z
  .object(articleFields)
  .partial()
  .extend({ id: requiredInt(), version: requiredInt() });
export type ArticleUpdateInput = z.infer<typeof articleUpdateSchema>;

/** ISO 8601 with its offset: `2026-12-01T08:00:00Z`, `2026-12-01T11:00+03:00` (no lenient `Date` guesses). */
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
/** The furthest a schedule may look ahead. */
const MAX_SCHEDULE_YEARS = 5;

/**
 * A time given as ISO 8601 with its offset or as epoch seconds (9 to 11 digits). A day that does not exist
 * (31 February), a time without its offset, or one more than five years ahead is invalid, never guessed.
 */
const instant = z.preprocess(
  (value) => {
    const v = blankToUndefined(value);
    if (v === undefined) return undefined;
    if ((typeof v === 'number' && Number.isInteger(v)) || (typeof v === 'string' && /^\d{9,11}$/.test(v)))
      return new Date(Number(v) * 1000);
    if (typeof v !== 'string') return v;
    const parts = ISO_INSTANT.exec(v);
    if (!parts) return new Date(Number.NaN);
    const [, year, month, day] = parts.map(Number);
    const calendar = new Date(Date.UTC(year, month - 1, day));
    if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return new Date(Number.NaN);
    return new Date(v);
  },
  z
    .date({ message: 'validation.invalid' })
    .refine(
      (d) =>
        !Number.isNaN(d.getTime()) &&
        d.getTime() < Date.now() + MAX_SCHEDULE_YEARS * 366 * 86_400_000 &&
        d.getUTCFullYear() >= 2000,
      { message: 'validation.invalid' },
    )
    .optional(),
);

export const articleStateSchema = z
  .object({
    id: requiredInt(),
    version: optionalInt(),
    state: z.enum(ARTICLE_STATES, { message: 'validation.invalid_option' }),
    publish_at: instant,
  })
  .superRefine((value, ctx) => {
    if (value.state === 'scheduled' && !value.publish_at)
      ctx.addIssue({ code: 'custom', path: ['publish_at'], message: 'validation.required' });
  });
export type ArticleStateInput = z.infer<typeof articleStateSchema>;

export const articleRestoreSchema = z.object({ id: requiredInt(), revision_id: requiredInt(), version: requiredInt() });
export type ArticleRestoreInput = z.infer<typeof articleRestoreSchema>;

export const articlePreviewSchema = z.object({
  body: z.preprocess((v) => v ?? '', z.string().max(ARTICLE_BODY_MAX, { message: 'articles.body_too_long' })),
  /** The text's language: a French preview gets French spacing, as readers will. */
  locale: z.enum(LOCALES).optional(),
});

export const articleImageSchema = z.object({
  alt: plainLine(ARTICLE_ALT_MAX).pipe(z.string().min(1, { message: 'articles.alt_required' })),
});

const perPage = z.preprocess(
  readMachineField,
  z.number().int().min(1).max(ARTICLES_MAX_PER_PAGE).default(ARTICLES_PER_PAGE),
);
const page = z.preprocess(readMachineField, z.number().int().min(1).max(MAX_INT).default(1));

/** `GET /article/index/`: a page of published articles, newest first, optionally of one category. */
export const articleListQuery = z.object({
  page,
  'per-page': perPage,
  category: z.preprocess(blankToUndefined, z.enum(ARTICLE_CATEGORIES).optional()),
});

/** `GET /article/view/`: by id or by slug. */
export const articleViewQuery = z
  .object({ id: optionalInt(), slug: z.preprocess(blankToUndefined, slugField.optional()) })
  .refine((v) => v.id !== undefined || v.slug !== undefined, { path: ['id'], message: 'validation.required' });

export const otherNewsQuery = z.object({ slug: slugField });

export const deskListQuery = z.object({
  page,
  'per-page': perPage,
  state: z.preprocess(blankToUndefined, z.enum(ARTICLE_STATES).optional()),
  /** Only articles that lack this language (what still needs translating). */
  missing: z.preprocess(blankToUndefined, z.enum(LOCALES).optional()),
});
export type DeskListQuery = z.infer<typeof deskListQuery>;
