import { eq } from 'drizzle-orm';
import type { ArticleCategory } from '~/features/articles/constants';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db/client';
import { articleCategories, articles, articleTranslations, users } from '~/server/db/schema';
import { recordArticleRevision } from '~/server/services/articles/record-article-revision';

type Text = { title: string; summary: string; body: string };

const DEMO_NOTE: Record<Locale, string> = {
  en: '*Demo article: sample content of the Mavuno demo data, not real news.*',
  sw: '*Makala ya mfano: maudhui ya data ya majaribio ya Mavuno, si habari halisi.*',
  fr: '*Article de démonstration : contenu d’exemple des données de démo de Mavuno, pas une vraie actualité.*',
};

/**
 * Demo articles (marked `is_demo`, each body saying it is a demo): published a few days apart, written by
 * demo-editor, in three languages except one left without French (a French reader sees its English version,
 * marked). Replaced, not duplicated, when the demo data is loaded again.
 */
const DEMO_ARTICLES: {
  slug: string;
  category: ArticleCategory;
  daysAgo: number;
  tags: string[];
  related: { kind: 'board' | 'seed' | 'fertilizer' | 'technic'; id: number }[];
  text: Partial<Record<Locale, Text>>;
}[] = [
  {
    slug: 'demo-maize-prices-steady-after-harvest',
    category: 'market_news',
    daysAgo: 1,
    tags: ['maize', 'prices'],
    related: [{ kind: 'board', id: 3 }],
    text: {
      en: {
        title: 'Maize prices hold steady after the long-rains harvest',
        summary: 'Farm-gate prices in Nakuru and Mbeya changed little this week as new maize reached the markets.',
        body: '## What happened\n\nNew maize reached the markets in Nakuru and Mbeya, yet prices moved by less than three per cent.\n\n| Market | Price | Change |\n|:--|--:|--:|\n| Nakuru | KES 3,600 / 90 kg bag | +1% |\n| Mbeya | TZS 750 / kg | −2% |\n\n## What it means for sellers\n\n- Dry the grain to 13% moisture before selling.\n- Compare offers on the [board](/board) before you agree a price.',
      },
      sw: {
        title: 'Bei ya mahindi yatulia baada ya mavuno ya masika',
        summary: 'Bei za shambani Nakuru na Mbeya zilibadilika kidogo wiki hii mahindi mapya yalipofika sokoni.',
        body: '## Kilichotokea\n\nMahindi mapya yalifika sokoni Nakuru na Mbeya, lakini bei zilibadilika chini ya asilimia tatu.\n\n| Soko | Bei | Mabadiliko |\n|:--|--:|--:|\n| Nakuru | KES 3,600 / gunia la kilo 90 | +1% |\n| Mbeya | TZS 750 / kilo | −2% |\n\n## Maana yake kwa wauzaji\n\n- Kausha nafaka hadi unyevu wa asilimia 13 kabla ya kuuza.\n- Linganisha ofa kwenye [ubao](/sw/board) kabla ya kukubali bei.',
      },
      fr: {
        title: 'Les prix du maïs restent stables après la récolte',
        summary: 'Les prix bord champ à Nakuru et Mbeya ont peu varié cette semaine malgré l’arrivée du nouveau maïs.',
        body: '## Ce qui s’est passé\n\nLe nouveau maïs est arrivé sur les marchés de Nakuru et de Mbeya, mais les prix ont varié de moins de 3 %.\n\n| Marché | Prix | Variation |\n|:--|--:|--:|\n| Nakuru | 3 600 KES / sac de 90 kg | +1 % |\n| Mbeya | 750 TZS / kg | −2 % |\n\n## Ce que cela signifie pour les vendeurs\n\n- Séchez le grain à 13 % d’humidité avant de vendre.\n- Comparez les offres sur le [tableau](/fr/board) avant d’accepter un prix.',
      },
    },
  },
  {
    slug: 'demo-store-grain-dry-against-aflatoxin',
    category: 'advice',
    daysAgo: 4,
    tags: ['storage', 'aflatoxin'],
    related: [{ kind: 'board', id: 3 }],
    text: {
      en: {
        title: 'Store grain dry to keep aflatoxin away',
        summary: 'Five simple steps that keep stored maize and groundnuts safe and sellable.',
        body: '## Five steps\n\n1. Harvest on time.\n2. Dry on tarpaulins, never on bare soil.\n3. Check moisture: the grain should crack, not bend.\n4. Store in clean hermetic bags on pallets.\n5. Inspect every two weeks.\n\n> Mouldy grain cannot be sold to most buyers: sort it out and never feed it to animals.',
      },
      sw: {
        title: 'Hifadhi nafaka ikiwa kavu kuzuia sumukuvu',
        summary: 'Hatua tano rahisi zinazoweka mahindi na karanga salama na zenye soko.',
        body: '## Hatua tano\n\n1. Vuna kwa wakati.\n2. Kausha juu ya turubai, kamwe si juu ya udongo.\n3. Pima unyevu: nafaka ivunjike, isipinde.\n4. Hifadhi katika mifuko safi isiyopitisha hewa juu ya chaga.\n5. Kagua kila wiki mbili.\n\n> Nafaka yenye ukungu haiuziki kwa wanunuzi wengi: itenge na usiwalishe mifugo.',
      },
      fr: {
        title: 'Stocker le grain au sec contre l’aflatoxine',
        summary: 'Cinq gestes simples pour garder le maïs et l’arachide sains et vendables.',
        body: '## Cinq gestes\n\n1. Récoltez à temps.\n2. Séchez sur des bâches, jamais à même le sol.\n3. Vérifiez l’humidité : le grain doit casser, pas plier.\n4. Stockez dans des sacs hermétiques propres, sur des palettes.\n5. Inspectez toutes les deux semaines.\n\n> Le grain moisi ne se vend pas à la plupart des acheteurs : triez-le et ne le donnez jamais aux animaux.',
      },
    },
  },
  {
    slug: 'demo-new-warehouse-receipt-rules',
    category: 'policy',
    daysAgo: 7,
    tags: ['warehouse receipts'],
    related: [],
    text: {
      en: {
        title: 'What the new warehouse receipt rules change for farmers',
        summary: 'Certified warehouses can now issue receipts that banks accept as security for a loan.',
        body: '## In short\n\nA farmer who stores grain in a certified warehouse receives a receipt. Under the new rules, banks accept that receipt as security for a loan, so the farmer can wait for a better price.\n\nCompare buyers on the [board](/board) before you decide to store or sell.',
      },
      sw: {
        title: 'Kanuni mpya za stakabadhi za ghala zinabadilisha nini kwa wakulima',
        summary:
          'Maghala yaliyothibitishwa sasa yanaweza kutoa stakabadhi ambazo benki zinakubali kama dhamana ya mkopo.',
        body: '## Kwa ufupi\n\nMkulima anayehifadhi nafaka katika ghala lililothibitishwa hupewa stakabadhi. Chini ya kanuni mpya, benki zinakubali stakabadhi hiyo kama dhamana ya mkopo, hivyo mkulima anaweza kusubiri bei bora.',
      },
    },
  },
  {
    slug: 'demo-mavuno-now-in-french',
    category: 'mavuno_news',
    daysAgo: 10,
    tags: ['mavuno'],
    related: [],
    text: {
      en: {
        title: 'Mavuno now speaks French',
        summary: 'Traders in West and Central Africa can use every page in French.',
        body: 'Every page of Mavuno is now available in English, Swahili and French. Choose your language at the top of any page.',
      },
      sw: {
        title: 'Mavuno sasa inazungumza Kifaransa',
        summary: 'Wafanyabiashara wa Afrika Magharibi na Kati wanaweza kutumia kila ukurasa kwa Kifaransa.',
        body: 'Kila ukurasa wa Mavuno sasa unapatikana kwa Kiingereza, Kiswahili na Kifaransa. Chagua lugha yako juu ya ukurasa wowote.',
      },
      fr: {
        title: 'Mavuno parle maintenant français',
        summary: 'Les commerçants d’Afrique de l’Ouest et centrale peuvent utiliser chaque page en français.',
        body: 'Chaque page de Mavuno est désormais disponible en anglais, en swahili et en français. Choisissez votre langue en haut de n’importe quelle page.',
      },
    },
  },
];

export async function seedDemoArticles(db: Executor, now = new Date()): Promise<void> {
  await db.delete(articles).where(eq(articles.isDemo, true));
  const [editor] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'demo-editor@mavuno.test'));
  for (const demo of DEMO_ARTICLES) {
    const publishedAt = new Date(now.getTime() - demo.daysAgo * 86_400_000);
    const [row] = await db
      .insert(articles)
      .values({
        slug: demo.slug,
        category: demo.category,
        authorId: editor?.id ?? null,
        tags: demo.tags,
        state: 'published',
        publishedAt,
        isDemo: true,
        createdAt: publishedAt,
        updatedAt: publishedAt,
      })
      .returning({ id: articles.id });
    await db.insert(articleTranslations).values(
      Object.entries(demo.text).map(([locale, text]) => ({
        articleId: row.id,
        locale: locale as Locale,
        ...text,
        body: `${text.body}\n\n${DEMO_NOTE[locale as Locale]}`,
      })),
    );
    if (demo.related.length > 0)
      await db
        .insert(articleCategories)
        .values(demo.related.map((r) => ({ articleId: row.id, categoryKind: r.kind, categoryId: r.id })));
    await recordArticleRevision(db, row.id, editor?.id ?? null, 'create', ['created', 'demo']);
  }
}
