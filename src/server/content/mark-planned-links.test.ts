import { describe, expect, it } from 'vitest';
import { markPlannedLinks } from './mark-planned-links';
import { renderMarkdown } from './render-markdown';

describe('markPlannedLinks', () => {
  it('turns a link to a route still coming into its words with a mark, and leaves live links alone', () => {
    const { html } = renderMarkdown('Follow your [referrals](/sw/user/profile/referrals) or read the [FAQ](/faq).');
    const marked = markPlannedLinks(html, 'sw');
    expect(marked).not.toContain('href="/sw/user/profile/referrals"');
    expect(marked).toContain('<span data-planned="">referrals <span class="badge');
    expect(marked).toContain('<a href="/faq">FAQ</a>');
  });
});
