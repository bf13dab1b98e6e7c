import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOCKING_UNIT_FILES } from '../../vitest.config';

/**
 * The house's walls: server code, shared logic, stores and the dictionaries never reach into the UI (src/islands/,
 * src/components/); what both sides need lives in src/features/. And the lot form's parts import one way only.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const SRC = path.join(ROOT, 'src');
const CODE = /\.(ts|tsx|mts|astro)$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.astro', '/index.ts', '/index.tsx'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && CODE.test(d.name))
    .map((d) => path.join(d.parentPath, d.name));
}

/** The module specifiers a file imports (static imports, re-exports, side-effect and dynamic imports). */
function importsOf(text: string): string[] {
  const found = [
    ...text.matchAll(/(?:^|[\s;}])(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]/g),
    ...text.matchAll(/(?:^|[\s;])import\s*['"]([^'"]+)['"]/g),
    ...text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ];
  return found.map((match) => match[1] as string);
}

/** The path an import names inside the repository (before extensions), or undefined for a package. */
function pathOf(from: string, specifier: string): string | undefined {
  if (specifier.startsWith('~/')) return path.join(SRC, specifier.slice(2)).replace(/\?.*$/, '');
  if (specifier.startsWith('.')) return path.resolve(path.dirname(from), specifier).replace(/\?.*$/, '');
  return undefined;
}

/** The file an import names, or undefined for a package (or a path that is not there). */
function resolve(from: string, specifier: string): string | undefined {
  const stripped = pathOf(from, specifier);
  if (stripped === undefined) return undefined;
  for (const extension of EXTENSIONS) {
    const candidate = stripped + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

const localImports = (file: string) =>
  importsOf(readFileSync(file, 'utf8')).flatMap((specifier) => resolve(file, specifier) ?? []);

const rel = (file: string) => path.relative(ROOT, file);

describe('the house', () => {
  it('reads every kind of import', () => {
    const text = [
      "import type { A } from '~/a';",
      "import {\n  b,\n  c,\n} from './b';",
      "export { d } from '../d';",
      "import './e.css';",
      "const f = await import('~/f');",
    ].join('\n');
    expect(importsOf(text)).toEqual(['~/a', './b', '../d', './e.css', '~/f']);
  });

  it('keeps server code, features, stores and i18n from importing islands or components', () => {
    const guarded = ['server', 'features', 'stores', 'i18n'].map((dir) => path.join(SRC, dir));
    const ui = ['islands', 'components'].map((dir) => path.join(SRC, dir) + path.sep);
    // The middleware runs before every page and API call: server code too.
    const files = [...guarded.flatMap(filesUnder), path.join(SRC, 'middleware.ts')];
    expect(files.length).toBeGreaterThan(100);
    // By the path named, resolved or not: an import of a UI file that is not there yet is a crossing too.
    const crossings = files.flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .flatMap((specifier) => resolve(file, specifier) ?? pathOf(file, specifier) ?? [])
        .filter((target) => ui.some((dir) => target.startsWith(dir)))
        .map((target) => `${rel(file)} imports ${rel(target)}`),
    );
    expect(crossings).toEqual([]);
  });

  it('has no import cycle through the lot form and its quantity fields', () => {
    const start = path.join(SRC, 'islands/lot-form/LotForm.tsx');
    const quantity = path.join(SRC, 'islands/lot-form/QuantityFields.tsx');
    const reaches = (from: string, to: string) => {
      const seen = new Set<string>();
      const stack = [from];
      while (stack.length > 0) {
        const file = stack.pop() as string;
        for (const next of localImports(file)) {
          if (next === to) return true;
          if (!seen.has(next)) {
            seen.add(next);
            stack.push(next);
          }
        }
      }
      return false;
    };
    expect(reaches(start, quantity)).toBe(true);
    expect(reaches(quantity, start)).toBe(false);
    expect(reaches(start, start)).toBe(false);
  });

  it('replaces modules (vi.mock) only in the test files that run with modules of their own', () => {
    // The suites share each worker's modules between files (vitest.config.ts): a module replaced in one file would
    // be replaced in the files after it.
    const tests = [...filesUnder(SRC), ...filesUnder(path.join(ROOT, 'tests'))].filter((file) =>
      /\.test\.ts$/.test(file),
    );
    const mocking = tests
      .filter((file) => /\bvi\.(mock|doMock|unmock|doUnmock)\(/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(ROOT, file))
      .filter((file) => file !== 'tests/unit/house.test.ts');
    expect(mocking.sort()).toEqual([...MOCKING_UNIT_FILES].sort());
  });
});
