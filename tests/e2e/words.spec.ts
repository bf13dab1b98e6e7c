import { readFileSync } from 'node:fs';
import { type Page, expect } from '@playwright/test';
import { test } from './test';
import { type PageKind, openPageKind } from './page-kinds';

/**
 * Words are the readers' (docs/architecture.md "Languages"): representative French and Swahili pages, anonymous and
 * signed in, show no English sentence of the dictionary, no message key or placeholder, no internal text (payment
 * memos, provider references), no sentence glued to the next, and French punctuation with its no-break space.
 */
const en: Record<string, string> = JSON.parse(readFileSync('locales/en.json', 'utf8'));
const sw: Record<string, string> = JSON.parse(readFileSync('locales/sw.json', 'utf8'));
const fr: Record<string, string> = JSON.parse(readFileSync('locales/fr.json', 'utf8'));
const GOLD = 'demo-gold@mavuno.test' as const;

/** Text the issue found on French and Swahili pages, and internal strings no reader should meet. */
const KNOWN_LEAKS = [
  'Mavuno deal #',
  'wallet top-up',
  'sandbox cs_',
  'Far North',
  'Cote d',
  ' deals)',
  'transactions)',
  // Agreement: a feminine thing is "vérifiée"; a u- class noun "umethibitishwa", a ji-/ma- class one "limethibitishwa".
  'Identité vérifié ',
  'exploitation vérifié ',
  'entreprise vérifié ',
  'Utambulisho imethibitishwa',
  'Usajili wa kampuni imethibitishwa',
  'Ghala imethibitishwa',
  '{{',
  'undefined',
  'NaN',
  '[object Object]',
];

/**
 * English sentences of the dictionary that a French or Swahili page must not show: each message's longest piece
 * between placeholders, when it has four words or more and neither translation holds it (a proper noun or a code
 * such as "GET /api-v2/…" is the same in every language).
 */
const ENGLISH_SENTENCES = [
  ...new Set(
    Object.entries(en).flatMap(([key, text]) => {
      const piece = text
        .split(/\{\{\s*\w+\s*\}\}/)
        .map((part) => part.trim())
        .sort((a, b) => b.length - a.length)[0];
      if (!piece || piece.split(/\s+/).length < 4 || /[/_]|api|https?:/i.test(piece)) return [];
      if ((sw[key] ?? '').includes(piece) || (fr[key] ?? '').includes(piece)) return [];
      return [piece];
    }),
  ),
];
const MESSAGE_KEYS = Object.keys(en).filter((key) => /^[a-z_]+\.[a-z_]+/.test(key));

const pages: PageKind[] = [];
for (const prefix of ['/fr', '/sw']) {
  pages.push(
    { name: `${prefix} home`, path: prefix },
    { name: `${prefix} board`, path: `${prefix}/board` },
    { name: `${prefix} companies with every region list`, path: `${prefix}/companies` },
    { name: `${prefix} news`, path: `${prefix}/article` },
    { name: `${prefix} warehouses`, path: `${prefix}/world-warehouse` },
    { name: `${prefix} agro indices`, path: `${prefix}/statistic` },
    { name: `${prefix} sign-up`, path: `${prefix}/signin/signup` },
    { name: `${prefix} wallet`, path: `${prefix}/user/profile/wallet`, member: GOLD },
    { name: `${prefix} receipts`, path: `${prefix}/user/profile/cabinet-cards/money-cards/my-receipts`, member: GOLD },
    {
      // The payment provider's page (the sandbox's, here) with what the payment is for.
      name: `${prefix} a top-up's checkout`,
      member: GOLD,
      path: async (request) => {
        const started = await request.post('/api-v2/wallet/top-up', {
          headers: {
            'X-Session-Mode': 'cookie',
            Origin: test.info().project.use.baseURL!,
            'Accept-Language': prefix.slice(1),
          },
          form: { amount: '1500', currency: 1, method: 'card' },
        });
        expect(started.status(), await started.text()).toBe(200);
        return new URL((await started.json()).checkout_url).pathname;
      },
    },
    { name: `${prefix} verifications`, path: `${prefix}/user/profile/verifications`, member: GOLD },
    { name: `${prefix} settings`, path: `${prefix}/user/profile/user`, member: GOLD },
  );
}

/** What a reader meets: the visible text, every option of every list, and the words given to assistive tech. */
function readerText(page: Page): Promise<string> {
  return page.evaluate(() => {
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, as laid out (hidden text and scripts left out, a line break between blocks), is what a reader meets and where glued sentences show.
    const parts = [document.title, document.body.innerText];
    for (const option of document.querySelectorAll('option')) parts.push(option.textContent ?? '');
    for (const element of document.querySelectorAll('[title], [aria-label], [placeholder], img[alt]'))
      for (const name of ['title', 'aria-label', 'placeholder', 'alt'])
        if (element.hasAttribute(name)) parts.push(element.getAttribute(name) ?? '');
    return parts.join('\n');
  });
}

test.describe('[WORDS] French and Swahili pages', () => {
  test.describe.configure({ timeout: 120_000 });

  for (const kind of pages) {
    test(`${kind.name} speaks its language`, async ({ browser }) => {
      const page = await openPageKind(browser, kind);
      const text = await readerText(page);
      const found = [
        ...KNOWN_LEAKS.filter((leak) => text.includes(leak)),
        ...ENGLISH_SENTENCES.filter((sentence) => text.includes(sentence)),
        ...MESSAGE_KEYS.filter((key) => new RegExp(`(^|\\s)${key.replace(/[.#]/g, '\\$&')}($|\\s)`).test(text)),
        // A sentence glued to the next one ("gagnez.Comment", "unachopata.Jinsi").
        ...(text.match(/\p{Ll}{2}[.!?]\p{Lu}\p{Ll}/gu) ?? []),
      ];
      if (kind.name.startsWith('/fr'))
        // French punctuation after an ordinary space: "Livraison : demain" must hold U+00A0 (or U+202F).
        found.push(...(text.match(/\S {1,2}[:;!?](?=\s|$)/g) ?? []));
      expect(found, `${kind.name}: ${page.url()}`).toEqual([]);
      await page.context().close();
    });
  }
});
