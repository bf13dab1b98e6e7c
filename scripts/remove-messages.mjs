#!/usr/bin/env node
// `npm run i18n:remove -- key [key …]`: removes messages no code uses any more from the three dictionaries; a plural
// message's key removes each of its forms (`key#one`, `key#other`…).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const keys = process.argv.slice(2);
if (keys.length === 0) {
  console.error('usage: npm run i18n:remove -- key [key …]');
  process.exit(2);
}
for (const locale of ['en', 'sw', 'fr']) {
  const file = path.resolve(import.meta.dirname, '..', 'locales', `${locale}.json`);
  const dictionary = JSON.parse(readFileSync(file, 'utf8'));
  for (const key of Object.keys(dictionary))
    if (keys.includes(key) || keys.includes(key.split('#')[0])) delete dictionary[key];
  writeFileSync(file, `${JSON.stringify(dictionary, null, 2)}\n`);
}
console.log(`removed ${keys.length} messages from en, sw and fr`);
