#!/usr/bin/env node
// `npm run i18n:add -- file.json`: adds (or replaces) messages in the three dictionaries at once.
// The file holds { "en": { "key": "text" }, "sw": { … }, "fr": { … } } with the same keys in each language.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const file = process.argv[2];
if (!file) {
  console.error('usage: npm run i18n:add -- messages.json');
  process.exit(2);
}
const incoming = JSON.parse(readFileSync(file, 'utf8'));
const keys = Object.keys(incoming.en ?? {});
for (const locale of ['sw', 'fr']) {
  const missing = keys.filter((key) => !(key in (incoming[locale] ?? {})));
  if (missing.length) {
    console.error(`${locale}: missing ${missing.join(', ')}`);
    process.exit(1);
  }
}
for (const locale of ['en', 'sw', 'fr']) {
  const target = path.join(root, 'locales', `${locale}.json`);
  const dictionary = JSON.parse(readFileSync(target, 'utf8'));
  for (const key of keys) dictionary[key] = incoming[locale][key];
  writeFileSync(target, `${JSON.stringify(dictionary, null, 2)}\n`);
}
console.log(`added ${keys.length} messages to en, sw and fr`);
