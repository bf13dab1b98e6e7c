#!/usr/bin/env node
// Fails when the dictionaries disagree: a key missing from a locale, a key no code uses, an empty
// message, placeholders ({{name}}) that differ from English, or a single-braced {name} (never filled in). Prints sw/fr messages identical to English
// as warnings (a proper noun may be the same; copied English is not).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const locales = ['en', 'sw', 'fr'];
const dictionaries = Object.fromEntries(
  locales.map((l) => [l, JSON.parse(readFileSync(path.join(root, 'locales', `${l}.json`), 'utf8'))]),
);
const english = dictionaries.en;
const problems = [];
const warnings = [];

const placeholders = (text) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');
for (const locale of locales) {
  const dict = dictionaries[locale];
  for (const key of Object.keys(english)) {
    if (!(key in dict)) problems.push(`${locale}.json: missing key "${key}"`);
    else if (typeof dict[key] !== 'string' || dict[key].trim() === '')
      problems.push(`${locale}.json: empty message for "${key}"`);
    else if (/(^|[^{])\{\s*\w+\s*\}(?!\})/.test(dict[key]))
      problems.push(`${locale}.json: "${key}" has a single-braced placeholder: write {{name}}`);
    else if (placeholders(dict[key]) !== placeholders(english[key]))
      problems.push(`${locale}.json: placeholders of "${key}" differ from English`);
    else if (locale !== 'en' && dict[key] === english[key] && /[a-z]{4,}/.test(english[key]))
      warnings.push(`${locale}.json: "${key}" is the same as English`);
  }
  for (const key of Object.keys(dict))
    if (!(key in english)) problems.push(`${locale}.json: key "${key}" is not in en.json`);
}

// A key is used when its literal appears in the source (t('nav.main'), label: 'nav.main', …).
function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|astro|mjs)$/.test(name) ? [full] : [];
  });
}
const source = sourceFiles(path.join(root, 'src'))
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');
for (const key of Object.keys(english)) {
  if (!source.includes(`'${key}'`) && !source.includes(`"${key}"`) && !source.includes(`\`${key}\``))
    problems.push(`en.json: key "${key}" is not used in src/`);
}

for (const warning of warnings) console.warn(`warning: ${warning}`);
if (problems.length) {
  for (const problem of problems) console.error(`error: ${problem}`);
  console.error(`i18n:check failed with ${problems.length} problem(s).`);
  process.exit(1);
}
console.log(`i18n:check: ${Object.keys(english).length} keys, complete in ${locales.join(', ')}.`);
