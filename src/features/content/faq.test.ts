import { describe, expect, it } from 'vitest';
import { filterFaq, outlineFaq } from './faq';

const FAQ = `Intro text.

## Getting started

### What is Mavuno?

A marketplace.

### How do I sign up?

Open the page.

\`\`\`
## not a topic inside code
\`\`\`

## Wallet

### What is escrow?

Frozen money until délivery.
`;

describe('outlineFaq', () => {
  it('reads ## as topics and ### as questions, keeping code fences whole', () => {
    const outline = outlineFaq(FAQ);
    expect(outline.intro).toBe('Intro text.');
    expect(outline.topics.map((t) => t.title)).toEqual(['Getting started', 'Wallet']);
    expect(outline.topics[0].questions.map((q) => q.question)).toEqual(['What is Mavuno?', 'How do I sign up?']);
    expect(outline.topics[0].questions[1].answer).toContain('## not a topic inside code');
  });

  it('puts a question before any topic into an untitled topic', () => {
    expect(outlineFaq('### Lonely?\n\nYes.').topics).toEqual([
      { title: '', questions: [{ question: 'Lonely?', answer: 'Yes.' }] },
    ]);
  });
});

describe('filterFaq', () => {
  it('keeps questions holding every word, ignoring case and accents, and drops empty topics', () => {
    const found = filterFaq(outlineFaq(FAQ), 'ESCROW delivery');
    expect(found.topics).toHaveLength(1);
    expect(found.topics[0].questions.map((q) => q.question)).toEqual(['What is escrow?']);
    expect(filterFaq(outlineFaq(FAQ), 'nothing-like-this').topics).toEqual([]);
    expect(filterFaq(outlineFaq(FAQ), '  ').topics).toHaveLength(2);
  });
});
