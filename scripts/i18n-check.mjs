#!/usr/bin/env node
// Fails when the dictionaries disagree (the rules: scripts/i18n-rules.mjs): a key or plural form missing from a
// locale, a key no code uses, an empty message, placeholders ({{name}}) that differ from English, a single-braced
// {name} (never filled in), a count without plural forms, French punctuation without its no-break space. Prints
// sw/fr messages identical to English as warnings (a proper noun may be the same; copied English is not).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { checkDictionaries } from './i18n-rules.mjs';

const root = path.resolve(import.meta.dirname, '..');
const locales = ['en', 'sw', 'fr'];
const dictionaries = Object.fromEntries(
  locales.map((l) => [l, JSON.parse(readFileSync(path.join(root, 'locales', `${l}.json`), 'utf8'))]),
);

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

const { problems, warnings, keyCount } = checkDictionaries({ dictionaries, source });
for (const warning of warnings) console.warn(`warning: ${warning}`);
if (problems.length) {
  for (const problem of problems) console.error(`error: ${problem}`);
  console.error(`i18n:check failed with ${problems.length} problem(s).`);
  process.exit(1);
}
console.log(`i18n:check: ${keyCount} messages, complete in ${locales.join(', ')}.`);
