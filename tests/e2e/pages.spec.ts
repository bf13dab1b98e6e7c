import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { LONG_WORD, PAGE_KINDS, openPageKind } from './page-kinds';
import { findPlannedRoute } from '../../src/features/site/planned-routes';

const PHONE = { viewport: { width: 360, height: 740 } };

test.describe.configure({ timeout: 90_000 });

test.describe('[SITE] every kind of page', () => {
  for (const kind of PAGE_KINDS) {
    test(`${kind.name}: no serious or critical accessibility finding, and no link to a page still coming`, async ({
      browser,
    }) => {
      const page = await openPageKind(browser, kind);
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => ({
          rule: violation.id,
          help: violation.help,
          nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
        }));
      expect(serious, `${kind.name} (${page.url()})`).toEqual([]);
      // Until a capability lands, nothing leads to its "coming soon" page (src/features/site/planned-routes.ts).
      const origin = new URL(page.url()).origin;
      const hrefs = await page
        .locator('a[href]')
        .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
      const planned = hrefs.filter((href) => {
        const url = new URL(href);
        if (url.origin !== origin) return false;
        const path = url.pathname.replace(/^\/(sw|fr)(?=\/|$)/, '') || '/';
        return findPlannedRoute(path) !== undefined;
      });
      expect(planned, kind.name).toEqual([]);
      await page.context().close();
    });

    test(`${kind.name}: no sideways scroll at 360 px`, async ({ browser }) => {
      const page = await openPageKind(browser, kind, PHONE);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${kind.name} (${page.url()})`).toBeLessThanOrEqual(360);
      if (kind.name.includes('long word')) await expect(page.getByText(LONG_WORD).first()).toBeVisible();
      await page.context().close();
    });
  }
});

test.describe('[SITE] places without JavaScript', () => {
  const en: Record<string, string> = JSON.parse(readFileSync('locales/en.json', 'utf8'));

  test('the catalogue map says where the places are and links to OpenStreetMap instead of loading forever', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/board?view=map');
    const fallback = page.getByTestId('map-fallback');
    await expect(fallback).toContainText(en['catalogue.map_needs_script']);
    await expect(fallback.getByText(en['address.map_loading'])).toBeHidden();
    const area = fallback.getByRole('link', { name: en['catalogue.map_open_osm'] });
    expect(await area.getAttribute('href')).toMatch(/^https:\/\/www\.openstreetmap\.org\/\?minlon=-?[\d.]+&minlat=/);
    // The places in words: the table below the map.
    await expect(page.getByRole('table').getByRole('columnheader', { name: en['catalogue.place'] })).toBeVisible();
    await context.close();
  });

  test('a lot page names its place in words and links to it on OpenStreetMap', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/board');
    const href = await page.locator('a[href^="/board/"]').last().getAttribute('href');
    await page.goto(href!);
    const location = page.getByRole('region', { name: en['lot_page.location_title'] });
    await expect(location.getByText(en['address.region'])).toBeVisible();
    await expect(location.getByTestId('lot-map-link')).toHaveAttribute(
      'href',
      /^https:\/\/www\.openstreetmap\.org\/\?mlat=-?[\d.]+&mlon=-?[\d.]+/,
    );
    await expect(page.getByText(en['address.map_loading'])).toHaveCount(0);
    await context.close();
  });
});
