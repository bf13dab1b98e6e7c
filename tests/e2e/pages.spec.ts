import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import { test } from './test';
import { LONG_WORD, PAGE_KINDS, cspViolations, openPageKind } from './page-kinds';
import { findPlannedRoute } from '../../src/features/site/planned-routes';

const PHONE = { viewport: { width: 360, height: 740 } };

/**
 * The axe rules that cannot report a serious or critical finding: every check they make is of minor or moderate
 * impact (axe-core's own metadata, from the copy @axe-core/playwright injects), and a rule's finding takes the impact
 * of its failed checks. The check below keeps only serious and critical findings, so these rules are not run: the
 * same verdict, in less time.
 */
const BELOW_SERIOUS: string[] = (() => {
  const axe = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as {
    _audit: {
      rules: { id: string; any: { id: string }[]; all: { id: string }[]; none: { id: string }[] }[];
      checks: Record<string, { impact?: string }>;
    };
  };
  const serious = new Set(['serious', 'critical']);
  return axe._audit.rules
    .filter((rule) => {
      const impacts = [...rule.any, ...rule.all, ...rule.none].map((check) => axe._audit.checks[check.id]?.impact);
      return impacts.length > 0 && impacts.every((impact) => impact !== undefined && !serious.has(impact));
    })
    .map((rule) => rule.id);
})();

test.describe.configure({ timeout: 90_000 });

test.describe('[SITE] every kind of page', () => {
  for (const kind of PAGE_KINDS) {
    // One visit per kind: axe and the links at desktop width, then the same page narrowed to a phone's 360 px.
    test(`${kind.name}: nothing refused by the CSP, no serious or critical accessibility finding, no link to a page still coming, no sideways scroll at 360 px`, async ({
      browser,
    }) => {
      const page = await openPageKind(browser, kind);
      // Loaded and hydrated under its Content-Security-Policy: the browser refused nothing (before axe, whose own
      // injected code is not the page's).
      expect(await cspViolations(page), `${kind.name} (${page.url()})`).toEqual([]);
      // Details (selectors) only for violations, and, on a page without frames, one axe.run() in the page instead of
      // runPartial in each frame and finishRun in an extra blank page: the same findings in a third of the time.
      const { violations } = await new AxeBuilder({ page })
        .setLegacyMode((await page.locator('iframe, frame').count()) === 0)
        .options({ resultTypes: ['violations'] })
        .disableRules(BELOW_SERIOUS)
        .analyze();
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
        // Other sites, and this very page (its skip link), are no dead end.
        if (url.origin !== origin || url.pathname === new URL(page.url()).pathname) return false;
        const path = url.pathname.replace(/^\/(sw|fr)(?=\/|$)/, '') || '/';
        return findPlannedRoute(path) !== undefined;
      });
      expect(planned, kind.name).toEqual([]);

      await page.setViewportSize(PHONE.viewport);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
          message: `${kind.name} (${page.url()})`,
        })
        .toBeLessThanOrEqual(360);
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
    await expect(page.getByText(en['address.map_loading'])).toHaveCount(0);
    const area = fallback.getByRole('link', { name: en['catalogue.map_open_osm'] });
    expect(await area.getAttribute('href')).toMatch(/^https:\/\/www\.openstreetmap\.org\/\?minlon=-?[\d.]+&minlat=/);
    // The places in words: the table below the map.
    await expect(page.getByRole('table').getByRole('columnheader', { name: en['catalogue.place'] })).toBeVisible();
    await context.close();
  });

  test('a lot page names its place in words and links to it on OpenStreetMap', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    // A lot with a region and a point on the map (other specs add lots without them to the same database).
    const { items } = await (await page.request.get('/api-v2/board-list/index?per-page=50')).json();
    const placed = items.find((lot: { region_id: number | null; latitude: unknown }) => lot.region_id && lot.latitude);
    expect(placed, 'a demo lot with a place').toBeDefined();
    await page.goto(`/board/${placed.id}`);
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

test.describe('[SITE] maps under the Content-Security-Policy', () => {
  test('the catalogue map shows the tiles of the configured tile server (MAP_TILE_URL, by default OpenStreetMap)', async ({
    page,
  }) => {
    // The tile server is out of reach here: its tiles come from a picture of the site. The page's CSP still decides
    // whether the browser may ask for them at all — a refused tile never reaches the route.
    const tile = readFileSync('public/icons/icon-192.png');
    const asked: string[] = [];
    await page.route('https://tile.openstreetmap.org/**', (route) => {
      asked.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'image/png', body: tile });
    });
    await page.goto('/fr/board?view=map');
    const tiles = page.locator('img.leaflet-tile-loaded');
    await expect(tiles.first()).toBeVisible();
    expect(asked.length).toBeGreaterThan(0);
    expect(
      await tiles.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0)),
    ).toBe(true);
  });
});

test('[SITE] the footer icons stand out from the footer at 4.5:1 or more', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const background = await footer.evaluate((element) => getComputedStyle(element).backgroundColor);
  const links = footer.locator('a[aria-label]');
  expect(await links.count()).toBeGreaterThan(0);
  for (const color of await links.evaluateAll((all) => all.map((link) => getComputedStyle(link).color))) {
    expect(contrast(color, background), `${color} on ${background}`).toBeGreaterThanOrEqual(4.5);
  }
});

/** The WCAG contrast ratio of two opaque CSS colours as browsers compute them (rgb() or oklch()). */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, b] = toRgb(css).map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}

function toRgb(css: string): [number, number, number] {
  const numbers = (css.match(/-?[\d.]+/g) ?? []).map(Number);
  if (css.startsWith('rgb')) return [numbers[0] / 255, numbers[1] / 255, numbers[2] / 255];
  if (css.startsWith('oklch')) {
    const [l, c, h] = numbers;
    const lightness = css.includes('%') ? l / 100 : l;
    const radians = (h * Math.PI) / 180;
    return oklabToRgb(lightness, c * Math.cos(radians), c * Math.sin(radians));
  }
  if (css.startsWith('oklab'))
    return oklabToRgb(css.includes('%') ? numbers[0] / 100 : numbers[0], numbers[1], numbers[2]);
  throw new Error(`unknown colour ${css}`);
}

function oklabToRgb(l: number, a: number, b: number): [number, number, number] {
  const l1 = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m1 = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s1 = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const linear = [
    4.0767416621 * l1 - 3.3077115913 * m1 + 0.2309699292 * s1,
    -1.2684380046 * l1 + 2.6097574011 * m1 - 0.3413193965 * s1,
    -0.0041960863 * l1 - 0.7034186147 * m1 + 1.707614701 * s1,
  ];
  // Back to sRGB's encoded values, which luminance() decodes again.
  return linear.map((v) => {
    const c = Math.min(1, Math.max(0, v));
    return c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055;
  }) as [number, number, number];
}
