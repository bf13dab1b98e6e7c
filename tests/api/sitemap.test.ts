import { describe, expect, it } from 'vitest';
import { buildLotSitemap, buildSitemapIndex, buildStaticSitemap } from '~/server/services/seo/sitemap';
import { form } from '../fixtures/api';
import { useTestDatabase } from '../fixtures/database';
import { maizeLot, memberWithTier, postAs, wrapped } from '../fixtures/lots';

const database = useTestDatabase();
const site = 'https://mavuno.example';

describe('sitemaps', () => {
  it('lists static pages in three languages with alternates', () => {
    const xml = buildStaticSitemap(site);
    expect(xml).toContain('<loc>https://mavuno.example/sw/board</loc>');
    expect(xml).toContain('hreflang="fr" href="https://mavuno.example/fr/faq"');
  });

  it('lists an active lot in three languages and drops it when it is closed', async () => {
    const silver = await memberWithTier(database.handle(), 'silver');
    const { id } = (await postAs(silver.auth, '/board-list/create-quote', wrapped('BoardList', await maizeLot()))).json;
    const index = await buildSitemapIndex(database.handle().db, site);
    expect(index).toContain('https://mavuno.example/sitemap-lots-1.xml');
    expect(index).toContain('https://mavuno.example/sitemap-static.xml');
    const lotsXml = await buildLotSitemap(database.handle().db, site, 1);
    for (const path of [`/board/${id}`, `/sw/board/${id}`, `/fr/board/${id}`])
      expect(lotsXml).toContain(`<loc>${site}${path}</loc>`);
    await postAs(silver.auth, '/board-list/close-quote', form({ id }));
    expect(await buildLotSitemap(database.handle().db, site, 1)).not.toContain(`/board/${id}<`);
    expect(await buildLotSitemap(database.handle().db, site, 2)).toBeUndefined();
  });
});
