#!/usr/bin/env node
// `npm run i18n:add -- file.json`: adds (or replaces) messages in the three dictionaries at once.
// The file holds { "en": { "key": "text" }, "sw": { … }, "fr": { … } } with the same messages in each language.
// A plural message comes as its forms, each language with its own categories (French adds `key#many`; see
// docs/architecture.md "Languages"), so a language gives each message English gives, by its key or by its forms.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const file = process.argv[2];
if (!file) {
  console.error('usage: npm run i18n:add -- messages.json');
  process.exit(2);
}
const incoming = JSON.parse(readFileSync(file, 'utf8'));
const base = (key) => key.split('#')[0];
const messages = [...new Set(Object.keys(incoming.en ?? {}).map(base))];
for (const locale of ['sw', 'fr']) {
  const given = new Set(Object.keys(incoming[locale] ?? {}).map(base));
  const missing = messages.filter((key) => !given.has(key));
  if (missing.length) {
    console.error(`${locale}: missing ${missing.join(', ')}`);
    process.exit(1);
  }
}
for (const locale of ['en', 'sw', 'fr']) {
  const target = path.join(root, 'locales', `${locale}.json`);
  const dictionary = JSON.parse(readFileSync(target, 'utf8'));
  // A message is replaced whole: its old forms (or its old single text) go.
  for (const key of Object.keys(dictionary)) if (messages.includes(base(key))) delete dictionary[key];
  for (const [key, text] of Object.entries(incoming[locale])) if (messages.includes(base(key))) dictionary[key] = text;
  writeFileSync(target, `${JSON.stringify(dictionary, null, 2)}\n`);
}
console.log(`added ${messages.length} messages to en, sw and fr (npm run i18n:check says whether they are complete)`);
