import { FAQ_QUERY_MAX, type ContentPageSlug } from '~/features/content/pages';
import { filterFaq, outlineFaq } from '~/features/content/faq';
import type { Locale } from '~/i18n/config';
import { markPlannedLinks } from '~/server/content/mark-planned-links';
import { renderMarkdown } from '~/server/content/render-markdown';
import { spacedFor } from '~/i18n/typography';
import { getDb } from '~/server/db';
import { type ContentPage, readContentPage } from '~/server/services/content/read-content-page';

export interface FaqView {
  /** The search typed (`?q=`), trimmed; empty shows every question. */
  query: string;
  introHtml: string;
  topics: { id: string; title: string; questions: { id: string; question: string; html: string }[] }[];
  /** Questions in the page, and how many the search kept. */
  total: number;
  shown: number;
  /** schema.org FAQPage of every question (not only the ones a search kept). */
  jsonLd: Record<string, unknown>;
}

export interface ContentPageView {
  page: ContentPage;
  /** The body rendered by the one Markdown renderer (every page but the FAQ). */
  html: string;
  faq: FaqView | null;
}

/** The one Markdown renderer, with links to routes still coming marked as such. */
const render = (markdown: string, locale: Locale) => markPlannedLinks(renderMarkdown(markdown, locale).html, locale);

const anchor = (prefix: string, index: number) => `${prefix}-${index + 1}`;

/**
 * The FAQ, terms, privacy and wallet help pages (docs/articles.md "FAQ and legal pages"): read from the database
 * (editors change them on the desk) and rendered by the same server renderer as the news. The FAQ is split into
 * topics (`##`) and questions (`###`), filtered by `?q=` without JavaScript, and described as FAQPage JSON-LD.
 */
export async function loadContentPage(slug: ContentPageSlug, locale: Locale, url: URL): Promise<ContentPageView> {
  const page = await readContentPage(await getDb(), slug, locale);
  if (slug !== 'faq') return { page, html: render(page.body, page.locale), faq: null };
  const outline = outlineFaq(page.body);
  const query = (url.searchParams.get('q') ?? '').trim().slice(0, FAQ_QUERY_MAX);
  const rendered = outline.topics.map((topic, t) => ({
    id: anchor('topic', t),
    title: topic.title,
    questions: topic.questions.map((q, i) => ({
      id: anchor(`q${t + 1}`, i),
      question: q.question,
      answer: q.answer,
      html: render(q.answer, page.locale),
    })),
  }));
  const kept = filterFaq(outline, query);
  const keptQuestions = new Set(
    kept.topics.flatMap((topic) => topic.questions.map((q) => `${topic.title}\n${q.question}`)),
  );
  const topics = rendered
    .map((topic) => ({
      id: topic.id,
      title: spacedFor(page.locale, topic.title),
      questions: topic.questions
        .filter((q) => keptQuestions.has(`${topic.title}\n${q.question}`))
        .map(({ id, question, html }) => ({ id, question: spacedFor(page.locale, question), html })),
    }))
    .filter((topic) => topic.questions.length > 0);
  const all = rendered.flatMap((topic) => topic.questions);
  return {
    page,
    html: '',
    faq: {
      query,
      introHtml: outline.intro ? render(outline.intro, page.locale) : '',
      topics,
      total: all.length,
      shown: topics.reduce((n, topic) => n + topic.questions.length, 0),
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        inLanguage: page.locale,
        mainEntity: all.map((q) => ({
          '@type': 'Question',
          name: spacedFor(page.locale, q.question),
          acceptedAnswer: { '@type': 'Answer', text: q.html },
        })),
      },
    },
  };
}
