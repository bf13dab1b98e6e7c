// The rules of `npm run i18n:check` (scripts/i18n-check.mjs), as a function of the dictionaries and the source text,
// so that tests can feed it small fixture dictionaries (tests/unit/i18n-check.test.ts). The rules are documented in
// docs/architecture.md "Languages".

/** The plural mark of src/i18n/plural.ts: `key#one`, `key#other`… */
export const PLURAL_MARK = '#';

/**
 * Placeholders that count things. `{{count}}` is the one a plural message is chosen by; the others are counts
 * written under another name, which t() cannot choose a form by ("in 1 seconds", "(1 deals)").
 */
const COUNT_LIKE = new Set(['n', 'seconds', 'minutes', 'hours', 'days', 'weeks', 'months', 'deals', 'lots', 'tonnes']);

const placeholderNames = (text) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]);
const placeholders = (text) => [...new Set(placeholderNames(text))].sort().join(',');

/**
 * A message has English's placeholders; a plural form other than `other` may leave some out ("one lot on the
 * market is stored here" needs no {{shown}}), never add one.
 */
const samePlaceholders = (text, model, key) => {
  if (key.endsWith(`${PLURAL_MARK}other`) || !key.includes(PLURAL_MARK))
    return placeholders(text) === placeholders(model);
  const allowed = new Set(placeholderNames(model));
  return placeholderNames(text).every((name) => allowed.has(name));
};

const splitKey = (key) => {
  const at = key.lastIndexOf(PLURAL_MARK);
  return at > 0 ? { base: key.slice(0, at), category: key.slice(at + 1) } : { base: key, category: undefined };
};

const categoriesOf = (locale) => new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

/**
 * French typography: a no-break space (U+00A0) before ":", a narrow no-break space (U+202F) before ";", "!" and "?",
 * and inside « ». A mark counts as punctuation when it ends the text or is followed by a space, a closing quote or
 * bracket; "https://", "10:30", "?id=" and "{{a}}:{{b}}" are not punctuation.
 */
export function frenchTypographyProblems(text) {
  const found = [];
  for (const match of text.matchAll(/[:;!?]/g)) {
    const mark = match[0];
    const at = match.index;
    const next = text[at + 1];
    if (next !== undefined && !/[\s»"”’)\]]/.test(next)) continue;
    const before = text[at - 1];
    if (before === undefined || /[:;!?…]/.test(before)) continue;
    const wanted = mark === ':' ? '\u00a0' : '\u202f';
    if (before !== wanted)
      found.push(
        `"${mark}" after ${before === ' ' ? 'an ordinary space' : before === '\u00a0' || before === '\u202f' ? 'the wrong no-break space' : 'no space'}: write U+${wanted.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')} before it`,
      );
  }
  if (/«(?!\u202f)/.test(text) || /(?<!\u202f)»/.test(text))
    found.push('« » need a narrow no-break space (U+202F) inside');
  return found;
}

/**
 * @param {{ dictionaries: Record<string, Record<string, string>>, source: string }} input
 *   the dictionaries by locale (en first: it defines the keys) and the concatenated source text that uses them
 * @returns {{ problems: string[], warnings: string[], keyCount: number }}
 */
export function checkDictionaries({ dictionaries, source }) {
  const locales = Object.keys(dictionaries);
  const english = dictionaries.en;
  const problems = [];
  const warnings = [];

  // Messages by base key: a plain message has the one form undefined, a plural message one per category.
  const englishBases = new Map();
  for (const key of Object.keys(english)) {
    const { base, category } = splitKey(key);
    if (!englishBases.has(base)) englishBases.set(base, new Set());
    englishBases.get(base).add(category);
  }
  const isPlural = (base) => [...(englishBases.get(base) ?? [])].some((c) => c !== undefined);
  const englishModel = (base) => english[isPlural(base) ? `${base}${PLURAL_MARK}other` : base];

  for (const locale of locales) {
    const dict = dictionaries[locale];
    const categories = categoriesOf(locale);
    for (const [base, forms] of englishBases) {
      const plural = isPlural(base);
      if (plural && forms.has(undefined)) problems.push(`en.json: "${base}" is both a message and a plural message`);
      const keys = plural ? categories.map((c) => `${base}${PLURAL_MARK}${c}`) : [base];
      const model = englishModel(base);
      for (const key of keys) {
        const text = dict[key];
        if (!(key in dict)) {
          problems.push(
            plural
              ? `${locale}.json: missing plural form "${key}" (${locale} has the forms ${categories.join(', ')})`
              : `${locale}.json: missing key "${key}"`,
          );
          continue;
        }
        if (typeof text !== 'string' || text.trim() === '') {
          problems.push(`${locale}.json: empty message for "${key}"`);
          continue;
        }
        if (/(^|[^{])\{\s*\w+\s*\}(?!\})/.test(text))
          problems.push(`${locale}.json: "${key}" has a single-braced placeholder: write {{name}}`);
        else if (model !== undefined && !samePlaceholders(text, model, key))
          problems.push(`${locale}.json: placeholders of "${key}" differ from English`);
        else if (locale !== 'en' && text === english[key] && /[a-z]{4,}/.test(text))
          warnings.push(`${locale}.json: "${key}" is the same as English`);
        if (!plural && placeholderNames(text).includes('count'))
          problems.push(
            `${locale}.json: "${key}" counts with {{count}} but has no plural forms: write "${key}${PLURAL_MARK}${categories.join(`", "${key}${PLURAL_MARK}`)}" and call t('${key}', { count })`,
          );
        const counted = placeholderNames(text).filter((name) => COUNT_LIKE.has(name));
        if (counted.length)
          problems.push(
            `${locale}.json: "${key}" counts with {{${counted[0]}}}: name the count {{count}} and write plural forms`,
          );
        if (locale === 'fr')
          for (const problem of frenchTypographyProblems(text)) problems.push(`fr.json: "${key}": ${problem}`);
      }
    }
    for (const key of Object.keys(dict)) {
      const { base, category } = splitKey(key);
      if (!englishBases.has(base)) problems.push(`${locale}.json: key "${key}" is not in en.json`);
      else if (category !== undefined && !isPlural(base))
        problems.push(`${locale}.json: "${key}" is a plural form of a message that has none in en.json`);
      else if (category !== undefined && !categories.includes(category))
        problems.push(
          `${locale}.json: "${key}": "${category}" is not a plural category of ${locale} (${categories.join(', ')})`,
        );
    }
  }

  // A key is used when its literal appears in the source (t('nav.main'), label: 'nav.main', …); a plural message by
  // its base: the forms are t()'s to choose.
  const quoted = (key) => source.includes(`'${key}'`) || source.includes(`"${key}"`) || source.includes(`\`${key}\``);
  for (const [base, forms] of englishBases) {
    if (!quoted(base)) problems.push(`en.json: key "${base}" is not used in src/`);
    for (const category of forms)
      if (category !== undefined && quoted(`${base}${PLURAL_MARK}${category}`))
        problems.push(
          `src/: the plural form "${base}${PLURAL_MARK}${category}" is named: write t('${base}', { count })`,
        );
  }
  return { problems, warnings, keyCount: englishBases.size };
}
