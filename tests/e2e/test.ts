import { test as base } from '@playwright/test';

/**
 * The e2e suite's `test`: Playwright's, with one rule added for every test. A browser context a test opens with
 * `browser.newContext()` is closed when the test ends, even when the test does not close it (or fails before it
 * does): Playwright keeps such contexts open for the rest of the worker's life, and their signed-in pages would go on
 * polling counts and holding chat streams, slowing every test that comes after.
 */
export const test = base.extend<{ closesItsContexts: undefined }>({
  closesItsContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close()),
      );
    },
    { auto: true },
  ],
});
