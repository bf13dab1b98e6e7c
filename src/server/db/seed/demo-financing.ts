import { and, eq, inArray } from 'drizzle-orm';
import type { FinancePurpose, LocalizedText, ProductDocument } from '~/features/financing/constants';
import type { Executor } from '~/server/db/client';
import { countries, currencies, financeProducts, financeProviders } from '~/server/db/schema';

/**
 * Demo financing providers and products (docs/financing.md): invented institutions whose contacts are
 * @mavuno.test addresses, every row marked `is_demo` and labelled as demo data on the pages. Running again updates
 * them in place (applications keep their product).
 */
const DOC: Record<string, ProductDocument> = {
  national_id: {
    key: 'national_id',
    label: { en: 'National ID card', sw: 'Kitambulisho cha taifa', fr: "Carte nationale d'identité" },
  },
  farm_proof: {
    key: 'farm_proof',
    label: {
      en: 'Proof of farm (lease or title, or a letter from the chief)',
      sw: 'Uthibitisho wa shamba (mkataba, hati au barua ya chifu)',
      fr: "Preuve d'exploitation (bail, titre ou lettre du chef)",
    },
  },
  bank_statement: {
    key: 'bank_statement',
    label: {
      en: 'Bank or mobile-money statement (6 months)',
      sw: 'Taarifa ya benki au pesa za simu (miezi 6)',
      fr: 'Relevé bancaire ou mobile money (6 mois)',
    },
  },
  coop_letter: {
    key: 'coop_letter',
    label: { en: 'Letter from your cooperative', sw: 'Barua kutoka ushirika wako', fr: 'Lettre de votre coopérative' },
  },
  quotation: {
    key: 'quotation',
    label: { en: "Supplier's quotation", sw: 'Nukuu ya bei ya msambazaji', fr: 'Devis du fournisseur' },
  },
  warehouse_receipt: {
    key: 'warehouse_receipt',
    label: { en: 'Warehouse receipt', sw: 'Stakabadhi ya ghala', fr: "Récépissé d'entrepôt" },
  },
  registration: {
    key: 'registration',
    label: { en: 'Registration certificate', sw: 'Cheti cha usajili', fr: "Certificat d'enregistrement" },
  },
};

const PROVIDERS: { name: string; email: string; website: string; locale: string }[] = [
  {
    name: 'Demo Harvest Bank',
    email: 'loans@harvest-bank.mavuno.test',
    website: 'https://harvest-bank.mavuno.test',
    locale: 'en',
  },
  {
    name: 'Démo Microfinance du Sahel',
    email: 'credit@mf-sahel.mavuno.test',
    website: 'https://mf-sahel.mavuno.test',
    locale: 'fr',
  },
  {
    name: 'Demo Shamba Capital',
    email: 'mikopo@shamba-capital.mavuno.test',
    website: 'https://shamba-capital.mavuno.test',
    locale: 'sw',
  },
];

const PRODUCTS: {
  provider: number;
  name: LocalizedText;
  description: LocalizedText;
  purpose: FinancePurpose;
  currency: string;
  min: number;
  max: number;
  rate: LocalizedText;
  term: LocalizedText;
  eligibility: LocalizedText;
  countries: string[];
  documents: string[];
}[] = [
  {
    provider: 0,
    name: { en: 'Seasonal input loan', sw: 'Mkopo wa pembejeo wa msimu', fr: 'Crédit intrants de saison' },
    description: {
      en: 'Seed, fertiliser and crop protection for one season, paid to your agro-dealer.',
      sw: 'Mbegu, mbolea na dawa za mimea kwa msimu mmoja, hulipwa kwa muuzaji wako wa pembejeo.',
      fr: "Semences, engrais et protection des cultures pour une saison, payés à votre fournisseur d'intrants.",
    },
    purpose: 'inputs',
    currency: 'KES',
    min: 5_000,
    max: 200_000,
    rate: { en: '1.2 % a month, flat', sw: '1.2 % kwa mwezi, kiwango bapa', fr: '1,2 % par mois, taux fixe' },
    term: {
      en: '4 to 9 months, repaid after harvest',
      sw: 'Miezi 4 hadi 9, hulipwa baada ya mavuno',
      fr: '4 à 9 mois, remboursé après la récolte',
    },
    eligibility: {
      en: 'Farmers aged 18 or more with at least one season of records.',
      sw: 'Wakulima wenye umri wa miaka 18 au zaidi wenye kumbukumbu za angalau msimu mmoja.',
      fr: "Agriculteurs de 18 ans ou plus ayant au moins une saison d'historique.",
    },
    countries: ['KE', 'TZ', 'UG'],
    documents: ['national_id', 'farm_proof', 'bank_statement'],
  },
  {
    provider: 1,
    name: { en: 'Campaign input credit', sw: 'Mkopo wa pembejeo wa kampeni', fr: 'Crédit intrants de campagne' },
    description: {
      en: 'Inputs for the rainy-season campaign, for members of a cooperative.',
      sw: 'Pembejeo kwa kampeni ya msimu wa mvua, kwa wanachama wa ushirika.',
      fr: "Intrants pour la campagne d'hivernage, pour les membres d'une coopérative.",
    },
    purpose: 'inputs',
    currency: 'XOF',
    min: 50_000,
    max: 2_000_000,
    rate: {
      en: '10 % a year on the declining balance, 1 % file fee',
      sw: '10 % kwa mwaka kwa salio linalopungua, ada ya faili 1 %',
      fr: '10 % par an sur le capital restant dû, frais de dossier 1 %',
    },
    term: { en: '6 to 10 months', sw: 'Miezi 6 hadi 10', fr: '6 à 10 mois' },
    eligibility: {
      en: 'Members of a registered cooperative, with its letter of support.',
      sw: 'Wanachama wa ushirika uliosajiliwa, wenye barua yake ya kuunga mkono.',
      fr: "Membres d'une coopérative enregistrée, avec sa lettre d'appui.",
    },
    countries: ['SN', 'CI', 'ML', 'BF'],
    documents: ['national_id', 'coop_letter'],
  },
  {
    provider: 0,
    name: {
      en: 'Tractor and equipment lease',
      sw: 'Ukodishaji wa trekta na vifaa',
      fr: 'Crédit-bail tracteur et matériel',
    },
    description: {
      en: 'Lease a tractor, planter or sheller; the equipment is the security.',
      sw: 'Kodisha trekta, mashine ya kupanda au ya kupukuchua; kifaa ndicho dhamana.',
      fr: 'Louez un tracteur, un semoir ou une égreneuse ; le matériel sert de garantie.',
    },
    purpose: 'machinery',
    currency: 'KES',
    min: 300_000,
    max: 5_000_000,
    rate: { en: '14 % a year', sw: '14 % kwa mwaka', fr: '14 % par an' },
    term: { en: '12 to 48 months', sw: 'Miezi 12 hadi 48', fr: '12 à 48 mois' },
    eligibility: {
      en: 'Farms or contractors with two years of records; 20 % deposit.',
      sw: 'Mashamba au wakandarasi wenye kumbukumbu za miaka miwili; amana ya 20 %.',
      fr: "Exploitations ou prestataires ayant deux ans d'historique ; apport de 20 %.",
    },
    countries: ['KE'],
    documents: ['national_id', 'quotation', 'bank_statement'],
  },
  {
    provider: 2,
    name: {
      en: 'Warehouse receipt financing',
      sw: 'Mkopo kwa stakabadhi ya ghala',
      fr: "Financement sur récépissé d'entrepôt",
    },
    description: {
      en: 'Cash against grain stored in a licensed warehouse, so you can sell when prices rise.',
      sw: 'Fedha dhidi ya nafaka iliyohifadhiwa katika ghala lenye leseni, ili uuze bei ikipanda.',
      fr: 'De la trésorerie contre du grain stocké dans un entrepôt agréé, pour vendre quand les prix montent.',
    },
    purpose: 'warehouse_receipt',
    currency: 'TZS',
    min: 500_000,
    max: 50_000_000,
    rate: {
      en: 'Up to 70 % of the stored value; 1.5 % a month',
      sw: 'Hadi 70 % ya thamani iliyohifadhiwa; 1.5 % kwa mwezi',
      fr: "Jusqu'à 70 % de la valeur stockée ; 1,5 % par mois",
    },
    term: { en: 'Up to 6 months', sw: 'Hadi miezi 6', fr: "Jusqu'à 6 mois" },
    eligibility: {
      en: 'Holders of a receipt from a licensed warehouse.',
      sw: 'Wenye stakabadhi kutoka ghala lenye leseni.',
      fr: "Détenteurs d'un récépissé d'un entrepôt agréé.",
    },
    countries: ['TZ'],
    documents: ['national_id', 'warehouse_receipt'],
  },
  {
    provider: 2,
    name: {
      en: 'Working capital for cooperatives',
      sw: 'Mtaji wa kazi kwa vyama vya ushirika',
      fr: 'Fonds de roulement pour coopératives',
    },
    description: {
      en: 'Pay farmers on delivery while the cooperative waits for its buyers.',
      sw: 'Walipe wakulima wanapoleta mazao wakati ushirika unasubiri wanunuzi.',
      fr: 'Payez les producteurs à la livraison pendant que la coopérative attend ses acheteurs.',
    },
    purpose: 'working_capital',
    currency: 'TZS',
    min: 2_000_000,
    max: 200_000_000,
    rate: { en: '16 % a year', sw: '16 % kwa mwaka', fr: '16 % par an' },
    term: { en: '3 to 12 months, revolving', sw: 'Miezi 3 hadi 12, mzunguko', fr: '3 à 12 mois, renouvelable' },
    eligibility: {
      en: 'Registered cooperatives with audited accounts.',
      sw: 'Vyama vya ushirika vilivyosajiliwa vyenye hesabu zilizokaguliwa.',
      fr: 'Coopératives enregistrées aux comptes audités.',
    },
    countries: ['TZ', 'KE'],
    documents: ['registration', 'bank_statement'],
  },
];

export async function seedDemoFinancing(db: Executor): Promise<void> {
  const providerIds: number[] = [];
  for (const provider of PROVIDERS) {
    const values = {
      name: provider.name,
      contactEmail: provider.email,
      website: provider.website,
      locale: provider.locale,
      isDemo: true,
    };
    const [existing] = await db
      .select({ id: financeProviders.id })
      .from(financeProviders)
      .where(and(eq(financeProviders.contactEmail, provider.email), eq(financeProviders.isDemo, true)));
    if (existing) {
      await db.update(financeProviders).set(values).where(eq(financeProviders.id, existing.id));
      providerIds.push(existing.id);
    } else {
      const [row] = await db.insert(financeProviders).values(values).returning({ id: financeProviders.id });
      providerIds.push(row.id);
    }
  }
  const codes = [...new Set(PRODUCTS.flatMap((product) => product.countries))];
  const countryIds = new Map(
    (
      await db.select({ id: countries.id, code: countries.code }).from(countries).where(inArray(countries.code, codes))
    ).map((row) => [row.code, row.id]),
  );
  const currencyIds = new Map(
    (await db.select({ id: currencies.id, code: currencies.code, decimals: currencies.decimals }).from(currencies)).map(
      (row) => [row.code.trim(), row],
    ),
  );
  for (const product of PRODUCTS) {
    const currency = currencyIds.get(product.currency)!;
    const scale = 10 ** Number(currency.decimals);
    const values = {
      providerId: providerIds[product.provider],
      name: product.name,
      description: product.description,
      purpose: product.purpose,
      amountMinMinor: product.min * scale,
      amountMaxMinor: product.max * scale,
      currencyId: currency.id,
      rateText: product.rate,
      termText: product.term,
      eligibility: product.eligibility,
      countryIds: product.countries.map((code) => countryIds.get(code)).filter((id): id is number => id !== undefined),
      documents: product.documents.map((key) => DOC[key]),
      isActive: true,
      isDemo: true,
      updatedAt: new Date(),
    };
    const existing = (
      await db
        .select({ id: financeProducts.id, name: financeProducts.name })
        .from(financeProducts)
        .where(and(eq(financeProducts.providerId, values.providerId), eq(financeProducts.isDemo, true)))
    ).find((row) => row.name.en === product.name.en);
    if (existing) await db.update(financeProducts).set(values).where(eq(financeProducts.id, existing.id));
    else await db.insert(financeProducts).values(values);
  }
}
