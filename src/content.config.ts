import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/**
 * The first texts of the site's pages (FAQ, terms, privacy, wallet help), one Markdown file per language:
 * src/content/pages/<locale>/<slug>.md. They are loaded into the database once (seed-content-pages.ts) and
 * editors change them on the desk from then on (docs/articles.md "FAQ and legal pages"); this collection only
 * checks their front matter at build time.
 */
const pages = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './src/content/pages' }),
  schema: z.object({
    title: z.string(),
    description: z.string(),
    updated: z.coerce.date(),
  }),
});

export const collections = { pages };
