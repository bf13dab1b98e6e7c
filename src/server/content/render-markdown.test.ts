import { describe, expect, it } from 'vitest';
import { ARTICLE_BODY_MAX } from '~/features/articles/constants';
import { AppError } from '~/server/errors';
import { readingMinutes, renderMarkdown } from './render-markdown';

const html = (source: string) => renderMarkdown(source).html;

/** No executable markup can survive, whatever the input. */
function expectInert(output: string) {
  expect(output).not.toMatch(/<script/i);
  expect(output).not.toMatch(/<(iframe|object|embed|svg|math|style|form|input|textarea|button|link|meta|base)\b/i);
  expect(output).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
  expect(output).not.toMatch(/(href|src)\s*=\s*"\s*(javascript|vbscript|data|file):/i);
}

describe('renderMarkdown', () => {
  it('renders headings, lists, tables, links and images readers need', () => {
    const out = html(
      '# Title\n\n## Maize prices\n\n- one\n- two\n\n1. first\n\n| Crop | Price |\n|:--|--:|\n| Maize | 42 |\n\n' +
        '[board](/board) and [FAO](https://www.fao.org/) ![Maize](/uploads/articles/1/a.webp) ![Remote](https://example.org/x.jpg)',
    );
    expect(out).toContain('<h2>Title</h2>');
    expect(out).toContain('<h2>Maize prices</h2>');
    expect(out).toContain('<ul>');
    expect(out).toContain('<ol>');
    expect(out).toContain('<table>');
    // Aligned by a class, never a style attribute: the pages' CSP refuses those.
    expect(out).toContain('<td class="align-right">42</td>');
    expect(out).toContain('<th class="align-left">Crop</th>');
    expect(out).not.toContain('style=');
    expect(out).toContain('<a href="/board">board</a>');
    expect(out).toContain('<a href="https://www.fao.org/" rel="noopener nofollow ugc">FAO</a>');
    expect(out).toContain('<img src="/uploads/articles/1/a.webp" alt="Maize" loading="lazy" decoding="async" />');
    expect(out).toContain('src="https://example.org/x.jpg"');
  });

  it('shows raw HTML as text: script tags, nested HTML and event attributes never become markup', () => {
    for (const source of [
      '<script>alert(1)</script>',
      '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
      '<div><p><img src=x onerror=alert(1)></p></div>',
      '<a href="https://ok.example" onclick="steal()">x</a>',
      '<svg><script>alert(1)</script></svg>',
      '<iframe src="https://evil.example"></iframe>',
      '<<script>script>alert(1)<</script>/script>',
      '> <details open ontoggle=alert(1)>',
      '<style>body{display:none}</style>',
    ]) {
      const out = html(source);
      expectInert(out);
    }
    expect(html('<script>alert(1)</script>')).toContain('&lt;script&gt;');
  });

  it('drops javascript:, vbscript:, data: and protocol-relative links, however they are spelt', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'javascript&#58;alert(1)',
      'java%0ascript:alert(1)',
      '%6A%61%76%61%73%63%72%69%70%74:alert(1)',
      ' javascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      '//evil.example/',
    ]) {
      const out = html(`[click](${href})`);
      expectInert(out);
      expect(out).not.toContain('<a');
      expect(out).toContain('click');
    }
    // Autolinks and reference links go through the same checks.
    expectInert(html('<javascript:alert(1)>'));
    expectInert(html('[x][1]\n\n[1]: javascript:alert(1)'));
  });

  it('keeps images only from our uploads or https: data URIs and plain http are dropped', () => {
    for (const src of [
      'data:image/png;base64,iVBORw0KGgo=',
      'DATA:image/svg+xml,<svg onload=alert(1)>',
      'http://tracker.example/pixel.gif',
      'javascript:alert(1)',
      '/uploads/../secret',
      '/elsewhere/x.png',
    ]) {
      const out = html(`![alt](${src})`);
      expectInert(out);
      expect(out).not.toContain('<img');
    }
  });

  it('refuses input over the size cap with a field error, and renders a large legal body quickly', () => {
    try {
      renderMarkdown('a'.repeat(ARTICLE_BODY_MAX + 1));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('validation_failed');
    }
    const started = performance.now();
    // Pathological nesting and emphasis runs within the cap.
    renderMarkdown(`${'>'.repeat(5000)} x\n${'*a '.repeat(10000)}\n${'['.repeat(20000)}`.slice(0, ARTICLE_BODY_MAX));
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('counts words for the reading time', () => {
    const { words } = renderMarkdown('## Heading\n\nOne two three, four.');
    expect(words).toBe(5);
    expect(readingMinutes(words)).toBe(1);
    expect(readingMinutes(1000)).toBe(5);
  });
});

describe('French spacing in French text', () => {
  it('gives a French text its no-break spaces in words, never in code or addresses; other languages as typed', () => {
    const source = 'Vérifiez l’humidité : le grain doit casser. Pourquoi ? Voir [la FAQ](/fr/faq?q=a) et `a : b`.';
    const fr = renderMarkdown(source, 'fr').html;
    expect(fr).toContain('Vérifiez l’humidité\u00a0: le grain');
    expect(fr).toContain('Pourquoi\u202f?');
    expect(fr).toContain('href="/fr/faq?q=a"');
    expect(fr).toContain('<code>a : b</code>');
    expect(renderMarkdown(source, 'en').html).toContain('l’humidité : le grain');
    expect(renderMarkdown(source).html).toContain('Pourquoi ?');
  });
});
