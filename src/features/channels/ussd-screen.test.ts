import { describe, expect, it } from 'vitest';
import { USSD_PAGE_ITEMS, USSD_SCREEN_MAX } from './constants';
import { gsm7Length } from './gsm7';
import { composeScreen, cutTo, paginate } from './ussd-screen';

const words = { back: 'Back', home: 'Menu', more: 'More' };

describe('composeScreen', () => {
  it('numbers the items and adds the more and navigation lines', () => {
    expect(
      composeScreen(
        { kind: 'CON', body: 'Prices of which crop?', items: ['Maize', 'Beans'], more: true, nav: true },
        words,
      ),
    ).toBe('CON Prices of which crop?\n1. Maize\n2. Beans\n98 More\n0 Back 00 Menu');
    expect(composeScreen({ kind: 'END', body: 'Done.' }, words)).toBe('END Done.');
  });

  it('cuts a long body, never the items, to 182 places', () => {
    const screen = composeScreen(
      { kind: 'CON', lead: 'Wrong choice.', body: 'x'.repeat(400), items: ['Keep', 'Change'], nav: true },
      words,
    );
    expect(gsm7Length(screen)).toBeLessThanOrEqual(USSD_SCREEN_MAX);
    expect(screen).toContain('1. Keep\n2. Change\n0 Back 00 Menu');
    expect(screen).toContain('..');
  });
});

describe('paginate', () => {
  it('fits every page in one screen, at most seven items, all items once in order', () => {
    const labels = Array.from({ length: 47 }, (_, i) => `County number ${i + 1} of Kenya`);
    const pages = paginate('Your region:', labels, words, true);
    expect(pages.flat()).toEqual(labels.map((_, i) => i));
    pages.forEach((page, p) => {
      expect(page.length).toBeLessThanOrEqual(USSD_PAGE_ITEMS);
      const screen = composeScreen(
        { kind: 'CON', body: 'Your region:', items: page.map((i) => labels[i]), more: p < pages.length - 1, nav: true },
        words,
      );
      expect(gsm7Length(screen)).toBeLessThanOrEqual(USSD_SCREEN_MAX);
      expect(screen.endsWith('..')).toBe(false);
    });
  });

  it('gives one page when everything fits', () => {
    expect(paginate('Mavuno', ['English', 'Kiswahili', 'Francais'], words, false)).toEqual([[0, 1, 2]]);
  });
});

describe('cutTo', () => {
  it('leaves a short text alone and ends a cut one with two dots', () => {
    expect(cutTo('short', 10)).toBe('short');
    expect(cutTo('a long sentence here', 10)).toBe('a long s..');
  });
});
