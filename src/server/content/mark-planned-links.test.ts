import { describe, expect, it } from 'vitest';
import { markPlannedLinks } from './mark-planned-links';
import { renderMarkdown } from './render-markdown';

describe('markPlannedLinks', () => {
  it('turns a link to a route still coming into its words with a mark, and leaves live links alone', () => {
    const { html } = renderMarkdown('Write through the [contact form](/sw/contact-us) or read the [FAQ](/faq).');
    const marked = markPlannedLinks(html, 'sw');
    expect(marked).not.toContain('href="/sw/contact-us"');
    expect(marked).toContain('<span data-planned="">contact form <span class="badge');
    expect(marked).toContain('<a href="/faq">FAQ</a>');
  });
});
