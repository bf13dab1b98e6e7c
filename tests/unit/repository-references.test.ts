import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Comments and docs point only at files a reader of the repository can open: they state a rule, or link the
 * page of docs/ that holds it. A product document kept elsewhere cannot be opened from here.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const SCANNED = ['src', 'scripts', 'tests', 'docs', 'README.md'];
const TEXT = /\.(ts|tsx|mts|mjs|js|astro|md|css|json)$/;

function filesUnder(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && TEXT.test(d.name))
    .map((d) => path.relative(ROOT, path.join(d.parentPath, d.name)))
    .filter((file) => !file.startsWith(path.join('src', 'server', 'db', 'migrations')));
}

const files = SCANNED.flatMap(filesUnder);

/** Every line of the scanned files that matches, as `file:line: text`. */
function linesMatching(pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(path.join(ROOT, file), 'utf8')
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  );
}

describe('references in comments and docs', () => {
  it('scans the source and the docs', () => {
    expect(files).toContain('README.md');
    expect(files).toContain(path.join('docs', 'deals.md'));
    expect(files.some((file) => file.startsWith('src/server/'))).toBe(true);
  });

  it('cites no section of a specification and no design file outside the repository', () => {
    // Built from parts so that this file does not match itself.
    const outside = new RegExp(['spec ' + '§', 'seed-' + 'spec', 'DESIGN' + '\\.md', "the spec'" + 's'].join('|'), 'i');
    expect(linesMatching(outside)).toEqual([]);
  });

  it('links only docs pages that exist', () => {
    const missing = linesMatching(/docs\/[\w-]+\.md/).filter((hit) =>
      [...hit.matchAll(/docs\/([\w-]+)\.md/g)].some(([, name]) => !existsSync(path.join(ROOT, 'docs', `${name}.md`))),
    );
    expect(missing).toEqual([]);
  });
});
