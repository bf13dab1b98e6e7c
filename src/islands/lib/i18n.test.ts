import { describe, expect, it } from 'vitest';
import { pickMessages } from '~/i18n/messages';
import { createTranslator } from '~/i18n/t';
import { createClientTranslator } from './i18n';

describe("the islands' t()", () => {
  it('gives islands the same forms through the messages they are handed', () => {
    for (const locale of ['en', 'sw', 'fr'] as const) {
      const server = createTranslator(locale);
      const island = createClientTranslator(pickMessages(locale, ['chat.badge', 'catalogue.count']));
      for (const count of [0, 1, 2, 1_000_000]) {
        expect(island('chat.badge', { count })).toBe(server('chat.badge', { count }));
        expect(island('catalogue.count', { count })).toBe(server('catalogue.count', { count }));
      }
    }
    // French has three forms, English two; the bundle names its language.
    expect(Object.keys(pickMessages('fr', ['chat.badge'])).sort()).toEqual(
      ['@locale', ...['many', 'one', 'other'].map((form) => `chat.badge#${form}`)].sort(),
    );
    expect(Object.keys(pickMessages('en', ['chat.badge'])).length).toBe(3);
  });
});
