import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { test } from './test';
import { PAGE_KINDS, pageKindContext } from './page-kinds';

/** The Nu HTML Checker (vnu-jar), run with the machine's Java: `java -jar`. */
const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

// The server's HTML of every page kind (tests/e2e/page-kinds.ts), as the server sends it — not the DOM after the
// islands ran — read with the kind's member signed in, then checked in one run of the Nu checker (Java starts once).
// Its errors include markup a browser silently repairs (a stray </p>), ARIA that HTML forbids (aria-label on a label
// tied to a control) and headings that skip a level (h1 then h3).
test('[HTML] every kind of page is valid HTML (Nu HTML Checker)', async ({ browser }) => {
  // Some 110 pages fetched, then one validator run: minutes on two busy cores.
  test.setTimeout(600_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'mavuno-html-'));
  const pageOf = new Map<string, string>();
  // Four pages at a time: the server's HTML is all that is read, no browser renders it.
  const kinds = [...PAGE_KINDS.entries()];
  const fetchNext = async (): Promise<void> => {
    const next = kinds.shift();
    if (!next) return;
    const [index, kind] = next;
    const { context, path: address } = await pageKindContext(browser, kind);
    try {
      const response = await context.request.get(address);
      expect(response.status(), `${kind.name} (${address})`).toBeLessThan(500);
      expect(response.headers()['content-type'], `${kind.name} (${address})`).toContain('text/html');
      const html = await response.text();
      const file = path.join(dir, `${String(index).padStart(3, '0')}.html`);
      writeFileSync(file, html);
      pageOf.set(`file:${file}`, `${kind.name} (${address})`);
    } finally {
      await context.close();
    }
    return fetchNext();
  };
  await Promise.all(Array.from({ length: 4 }, fetchNext));

  const run = spawnSync(
    'java',
    ['-jar', VNU_JAR, '--errors-only', '--format', 'json', '--exit-zero-always', ...pageOf.keys()].map((arg) =>
      arg.replace(/^file:/, ''),
    ),
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  expect(run.error, 'java could not be started (the Nu checker needs Java 11 or later)').toBeUndefined();
  // The JSON report goes to stderr.
  const { messages } = JSON.parse(run.stderr) as { messages: VnuMessage[] };
  const errors = messages
    .filter((message) => message.type !== 'info')
    .map((message) => {
      const where = (message.url && pageOf.get(message.url)) ?? message.url ?? '?';
      return `${where}, line ${message.lastLine ?? '?'}: ${message.message}${message.extract ? ` — ${message.extract.trim()}` : ''}`;
    });
  expect(pageOf.size).toBe(PAGE_KINDS.length);
  expect(errors, `Nu HTML Checker, ${errors.length} errors (HTML in ${dir})`).toEqual([]);
});
