import type { CategorySeed } from './types';

/**
 * Category trees, one per lot kind: root groups with their leaf products or types. Ids are stable and
 * unique within a kind (other data refers to them); in the board tree id 1 is Cereals, id 3 Maize and id 7
 * Beans. The order of the arrays is the display order. Names are in English, Swahili and French.
 */

/** Board (crops and produce). */
export const BOARD_CATEGORIES: CategorySeed[] = [
  {
    id: 1,
    slug: 'cereals',
    name: { en: 'Cereals', sw: 'Nafaka', fr: 'Céréales' },
    children: [
      { id: 3, slug: 'maize', name: { en: 'Maize', sw: 'Mahindi', fr: 'Maïs' } },
      { id: 4, slug: 'paddy-rice', name: { en: 'Paddy rice', sw: 'Mpunga', fr: 'Riz paddy' } },
      { id: 94, slug: 'milled-rice', name: { en: 'Milled rice', sw: 'Mchele', fr: 'Riz blanchi' } },
      { id: 5, slug: 'sorghum', name: { en: 'Sorghum', sw: 'Mtama', fr: 'Sorgho' } },
      { id: 92, slug: 'millet', name: { en: 'Pearl millet', sw: 'Uwele', fr: 'Mil' } },
      { id: 93, slug: 'finger-millet', name: { en: 'Finger millet', sw: 'Ulezi', fr: 'Éleusine' } },
      { id: 2, slug: 'wheat', name: { en: 'Wheat', sw: 'Ngano', fr: 'Blé' } },
      { id: 95, slug: 'barley', name: { en: 'Barley', sw: 'Shayiri', fr: 'Orge' } },
      { id: 96, slug: 'teff', name: { en: 'Teff', sw: 'Teff', fr: 'Teff' } },
      { id: 97, slug: 'fonio', name: { en: 'Fonio', sw: 'Fonio', fr: 'Fonio' } },
    ],
  },
  {
    id: 6,
    slug: 'pulses',
    name: { en: 'Pulses', sw: 'Mikunde', fr: 'Légumineuses' },
    children: [
      { id: 7, slug: 'beans', name: { en: 'Beans', sw: 'Maharagwe', fr: 'Haricots' } },
      { id: 8, slug: 'cowpeas', name: { en: 'Cowpeas', sw: 'Kunde', fr: 'Niébé' } },
      { id: 9, slug: 'green-grams', name: { en: 'Green grams', sw: 'Choroko (ndengu)', fr: 'Haricots mungo' } },
      { id: 10, slug: 'pigeon-peas', name: { en: 'Pigeon peas', sw: 'Mbaazi', fr: "Pois d'Angole" } },
      { id: 11, slug: 'chickpeas', name: { en: 'Chickpeas', sw: 'Dengu', fr: 'Pois chiches' } },
      { id: 12, slug: 'bambara-groundnuts', name: { en: 'Bambara groundnuts', sw: 'Njugu mawe', fr: 'Voandzou' } },
    ],
  },
  {
    id: 13,
    slug: 'oilseeds',
    name: { en: 'Oilseeds', sw: 'Mbegu za mafuta', fr: 'Oléagineux' },
    children: [
      { id: 14, slug: 'groundnuts', name: { en: 'Groundnuts', sw: 'Karanga', fr: 'Arachides' } },
      { id: 15, slug: 'sesame', name: { en: 'Sesame', sw: 'Ufuta', fr: 'Sésame' } },
      { id: 16, slug: 'sunflower-seed', name: { en: 'Sunflower seed', sw: 'Alizeti', fr: 'Graines de tournesol' } },
      { id: 17, slug: 'soybeans', name: { en: 'Soybeans', sw: 'Soya', fr: 'Soja' } },
      { id: 18, slug: 'shea-nuts', name: { en: 'Shea nuts', sw: 'Kokwa za shea', fr: 'Noix de karité' } },
      { id: 19, slug: 'palm-oil', name: { en: 'Palm oil', sw: 'Mafuta ya mawese', fr: 'Huile de palme' } },
      { id: 20, slug: 'palm-kernels', name: { en: 'Palm kernels', sw: 'Kokwa za mchikichi', fr: 'Palmistes' } },
    ],
  },
  {
    id: 21,
    slug: 'roots-tubers',
    name: { en: 'Roots and tubers', sw: 'Mazao ya mizizi', fr: 'Racines et tubercules' },
    children: [
      { id: 22, slug: 'cassava', name: { en: 'Cassava', sw: 'Muhogo', fr: 'Manioc' } },
      { id: 27, slug: 'dried-cassava', name: { en: 'Dried cassava chips', sw: 'Makopa', fr: 'Cossettes de manioc' } },
      { id: 23, slug: 'yams', name: { en: 'Yams', sw: 'Viazi vikuu', fr: 'Ignames' } },
      { id: 24, slug: 'sweet-potatoes', name: { en: 'Sweet potatoes', sw: 'Viazi vitamu', fr: 'Patates douces' } },
      { id: 25, slug: 'irish-potatoes', name: { en: 'Irish potatoes', sw: 'Viazi mviringo', fr: 'Pommes de terre' } },
      { id: 26, slug: 'cocoyams', name: { en: 'Cocoyams (taro)', sw: 'Magimbi', fr: 'Taro et macabo' } },
    ],
  },
  {
    id: 28,
    slug: 'fruit',
    name: { en: 'Fruit', sw: 'Matunda', fr: 'Fruits' },
    children: [
      { id: 29, slug: 'bananas', name: { en: 'Bananas', sw: 'Ndizi', fr: 'Bananes' } },
      {
        id: 30,
        slug: 'plantain',
        name: { en: 'Plantain and cooking bananas', sw: 'Ndizi za kupika', fr: 'Bananes plantains' },
      },
      { id: 31, slug: 'avocados', name: { en: 'Avocados', sw: 'Parachichi', fr: 'Avocats' } },
      { id: 32, slug: 'mangoes', name: { en: 'Mangoes', sw: 'Maembe', fr: 'Mangues' } },
      { id: 33, slug: 'pineapples', name: { en: 'Pineapples', sw: 'Mananasi', fr: 'Ananas' } },
      { id: 34, slug: 'oranges', name: { en: 'Oranges', sw: 'Machungwa', fr: 'Oranges' } },
      {
        id: 35,
        slug: 'passion-fruit',
        name: { en: 'Passion fruit', sw: 'Karakara (pasheni)', fr: 'Fruits de la passion' },
      },
      { id: 36, slug: 'pawpaw', name: { en: 'Pawpaw (papaya)', sw: 'Papai', fr: 'Papayes' } },
      { id: 37, slug: 'watermelons', name: { en: 'Watermelons', sw: 'Matikiti maji', fr: 'Pastèques' } },
      { id: 38, slug: 'lemons-limes', name: { en: 'Lemons and limes', sw: 'Malimau na ndimu', fr: 'Citrons' } },
    ],
  },
  {
    id: 39,
    slug: 'vegetables',
    name: { en: 'Vegetables', sw: 'Mboga', fr: 'Légumes' },
    children: [
      { id: 40, slug: 'tomatoes', name: { en: 'Tomatoes', sw: 'Nyanya', fr: 'Tomates' } },
      { id: 41, slug: 'onions', name: { en: 'Onions', sw: 'Vitunguu', fr: 'Oignons' } },
      { id: 42, slug: 'kale', name: { en: 'Kale (sukuma wiki)', sw: 'Sukuma wiki', fr: 'Chou frisé' } },
      { id: 43, slug: 'cabbages', name: { en: 'Cabbages', sw: 'Kabichi', fr: 'Choux' } },
      { id: 44, slug: 'sweet-peppers', name: { en: 'Sweet peppers', sw: 'Pilipili hoho', fr: 'Poivrons' } },
      { id: 45, slug: 'carrots', name: { en: 'Carrots', sw: 'Karoti', fr: 'Carottes' } },
      { id: 46, slug: 'okra', name: { en: 'Okra', sw: 'Bamia', fr: 'Gombo' } },
      {
        id: 47,
        slug: 'garden-eggs',
        name: { en: 'Garden eggs (African eggplant)', sw: 'Nyanya chungu', fr: 'Aubergines africaines' },
      },
      { id: 48, slug: 'amaranth', name: { en: 'Amaranth leaves', sw: 'Mchicha', fr: "Feuilles d'amarante" } },
      { id: 49, slug: 'french-beans', name: { en: 'French beans', sw: 'Maharagwe mabichi', fr: 'Haricots verts' } },
      { id: 50, slug: 'garlic', name: { en: 'Garlic', sw: 'Vitunguu saumu', fr: 'Ail' } },
      { id: 51, slug: 'pumpkins', name: { en: 'Pumpkins', sw: 'Maboga', fr: 'Courges' } },
    ],
  },
  {
    id: 52,
    slug: 'coffee',
    name: { en: 'Coffee', sw: 'Kahawa', fr: 'Café' },
    children: [
      { id: 53, slug: 'arabica-coffee', name: { en: 'Arabica coffee', sw: 'Kahawa arabika', fr: 'Café arabica' } },
      { id: 54, slug: 'robusta-coffee', name: { en: 'Robusta coffee', sw: 'Kahawa robusta', fr: 'Café robusta' } },
    ],
  },
  {
    id: 55,
    slug: 'tea',
    name: { en: 'Tea', sw: 'Chai', fr: 'Thé' },
    children: [
      {
        id: 56,
        slug: 'green-tea-leaf',
        name: { en: 'Green tea leaf', sw: 'Majani mabichi ya chai', fr: 'Feuilles de thé vertes' },
      },
      { id: 57, slug: 'made-tea', name: { en: 'Made tea', sw: 'Chai iliyosindikwa', fr: 'Thé transformé' } },
    ],
  },
  {
    id: 58,
    slug: 'cocoa',
    name: { en: 'Cocoa', sw: 'Kakao', fr: 'Cacao' },
    children: [
      { id: 59, slug: 'cocoa-beans', name: { en: 'Cocoa beans', sw: 'Mbegu za kakao', fr: 'Fèves de cacao' } },
    ],
  },
  {
    id: 60,
    slug: 'cotton',
    name: { en: 'Cotton', sw: 'Pamba', fr: 'Coton' },
    children: [
      { id: 61, slug: 'seed-cotton', name: { en: 'Seed cotton', sw: 'Pamba mbegu', fr: 'Coton graine' } },
      { id: 62, slug: 'cotton-lint', name: { en: 'Cotton lint', sw: 'Pamba nyuzi', fr: 'Coton fibre' } },
      { id: 63, slug: 'cottonseed', name: { en: 'Cottonseed', sw: 'Mbegu za pamba', fr: 'Graines de coton' } },
    ],
  },
  {
    id: 64,
    slug: 'spices-nuts',
    name: { en: 'Spices and nuts', sw: 'Viungo na kokwa', fr: 'Épices et noix' },
    children: [
      { id: 65, slug: 'cashew-nuts', name: { en: 'Cashew nuts', sw: 'Korosho', fr: 'Noix de cajou' } },
      { id: 66, slug: 'macadamia', name: { en: 'Macadamia nuts', sw: 'Makadamia', fr: 'Noix de macadamia' } },
      { id: 67, slug: 'ginger', name: { en: 'Ginger', sw: 'Tangawizi', fr: 'Gingembre' } },
      { id: 68, slug: 'chillies', name: { en: 'Chillies', sw: 'Pilipili', fr: 'Piments' } },
      { id: 69, slug: 'cloves', name: { en: 'Cloves', sw: 'Karafuu', fr: 'Clous de girofle' } },
      { id: 70, slug: 'black-pepper', name: { en: 'Black pepper', sw: 'Pilipili manga', fr: 'Poivre noir' } },
      { id: 71, slug: 'turmeric', name: { en: 'Turmeric', sw: 'Manjano', fr: 'Curcuma' } },
      { id: 72, slug: 'vanilla', name: { en: 'Vanilla', sw: 'Vanila', fr: 'Vanille' } },
      { id: 73, slug: 'cinnamon', name: { en: 'Cinnamon', sw: 'Mdalasini', fr: 'Cannelle' } },
    ],
  },
  {
    id: 74,
    slug: 'livestock-feed',
    name: { en: 'Livestock feed', sw: 'Chakula cha mifugo', fr: 'Aliments pour le bétail' },
    children: [
      { id: 75, slug: 'hay', name: { en: 'Hay', sw: 'Nyasi kavu (hei)', fr: 'Foin' } },
      { id: 76, slug: 'silage', name: { en: 'Silage', sw: 'Sileji', fr: 'Ensilage' } },
      { id: 77, slug: 'maize-bran', name: { en: 'Maize bran', sw: 'Pumba za mahindi', fr: 'Son de maïs' } },
      { id: 78, slug: 'wheat-bran', name: { en: 'Wheat bran', sw: 'Pumba za ngano', fr: 'Son de blé' } },
      { id: 79, slug: 'oilseed-cake', name: { en: 'Oilseed cake', sw: 'Mashudu', fr: 'Tourteaux' } },
      { id: 80, slug: 'napier-grass', name: { en: 'Napier grass', sw: 'Nyasi za tembo', fr: 'Herbe à éléphant' } },
      {
        id: 81,
        slug: 'poultry-feed',
        name: { en: 'Poultry feed', sw: 'Chakula cha kuku', fr: 'Aliments pour volaille' },
      },
      {
        id: 82,
        slug: 'dairy-meal',
        name: { en: 'Dairy meal', sw: "Chakula cha ng'ombe wa maziwa", fr: 'Aliments pour vaches laitières' },
      },
    ],
  },
  {
    id: 83,
    slug: 'livestock-poultry',
    name: { en: 'Livestock and poultry', sw: 'Mifugo na kuku', fr: 'Bétail et volaille' },
    children: [
      { id: 84, slug: 'cattle', name: { en: 'Cattle', sw: "Ng'ombe", fr: 'Bovins' } },
      { id: 85, slug: 'goats', name: { en: 'Goats', sw: 'Mbuzi', fr: 'Chèvres' } },
      { id: 86, slug: 'sheep', name: { en: 'Sheep', sw: 'Kondoo', fr: 'Moutons' } },
      { id: 87, slug: 'pigs', name: { en: 'Pigs', sw: 'Nguruwe', fr: 'Porcs' } },
      { id: 88, slug: 'chickens', name: { en: 'Chickens', sw: 'Kuku', fr: 'Poulets' } },
      { id: 89, slug: 'eggs', name: { en: 'Eggs', sw: 'Mayai', fr: 'Œufs' } },
      { id: 90, slug: 'milk', name: { en: 'Milk', sw: 'Maziwa', fr: 'Lait' } },
      { id: 91, slug: 'honey', name: { en: 'Honey', sw: 'Asali', fr: 'Miel' } },
    ],
  },
];

/** Seed and planting material. */
export const SEED_CATEGORIES: CategorySeed[] = [
  {
    id: 1,
    slug: 'cereal-seed',
    name: { en: 'Cereal seed', sw: 'Mbegu za nafaka', fr: 'Semences de céréales' },
    children: [
      { id: 2, slug: 'maize-seed', name: { en: 'Maize seed', sw: 'Mbegu za mahindi', fr: 'Semences de maïs' } },
      { id: 3, slug: 'sorghum-seed', name: { en: 'Sorghum seed', sw: 'Mbegu za mtama', fr: 'Semences de sorgho' } },
      { id: 4, slug: 'millet-seed', name: { en: 'Millet seed', sw: 'Mbegu za uwele', fr: 'Semences de mil' } },
      { id: 5, slug: 'rice-seed', name: { en: 'Rice seed', sw: 'Mbegu za mpunga', fr: 'Semences de riz' } },
      { id: 6, slug: 'wheat-seed', name: { en: 'Wheat seed', sw: 'Mbegu za ngano', fr: 'Semences de blé' } },
    ],
  },
  {
    id: 7,
    slug: 'legume-seed',
    name: { en: 'Legume seed', sw: 'Mbegu za mikunde', fr: 'Semences de légumineuses' },
    children: [
      { id: 8, slug: 'bean-seed', name: { en: 'Bean seed', sw: 'Mbegu za maharagwe', fr: 'Semences de haricot' } },
      { id: 9, slug: 'cowpea-seed', name: { en: 'Cowpea seed', sw: 'Mbegu za kunde', fr: 'Semences de niébé' } },
      {
        id: 10,
        slug: 'green-gram-seed',
        name: { en: 'Green gram seed', sw: 'Mbegu za choroko', fr: 'Semences de haricot mungo' },
      },
      {
        id: 11,
        slug: 'pigeon-pea-seed',
        name: { en: 'Pigeon pea seed', sw: 'Mbegu za mbaazi', fr: "Semences de pois d'Angole" },
      },
      { id: 12, slug: 'soybean-seed', name: { en: 'Soybean seed', sw: 'Mbegu za soya', fr: 'Semences de soja' } },
      {
        id: 13,
        slug: 'chickpea-seed',
        name: { en: 'Chickpea seed', sw: 'Mbegu za dengu', fr: 'Semences de pois chiche' },
      },
    ],
  },
  {
    id: 14,
    slug: 'vegetable-seed',
    name: { en: 'Vegetable seed', sw: 'Mbegu za mboga', fr: 'Semences maraîchères' },
    children: [
      { id: 15, slug: 'tomato-seed', name: { en: 'Tomato seed', sw: 'Mbegu za nyanya', fr: 'Semences de tomate' } },
      { id: 16, slug: 'onion-seed', name: { en: 'Onion seed', sw: 'Mbegu za vitunguu', fr: "Semences d'oignon" } },
      { id: 17, slug: 'cabbage-seed', name: { en: 'Cabbage seed', sw: 'Mbegu za kabichi', fr: 'Semences de chou' } },
      {
        id: 18,
        slug: 'kale-seed',
        name: { en: 'Kale seed', sw: 'Mbegu za sukuma wiki', fr: 'Semences de chou frisé' },
      },
      {
        id: 19,
        slug: 'sweet-pepper-seed',
        name: { en: 'Sweet pepper seed', sw: 'Mbegu za pilipili hoho', fr: 'Semences de poivron' },
      },
      { id: 20, slug: 'carrot-seed', name: { en: 'Carrot seed', sw: 'Mbegu za karoti', fr: 'Semences de carotte' } },
      {
        id: 21,
        slug: 'watermelon-seed',
        name: { en: 'Watermelon seed', sw: 'Mbegu za tikiti maji', fr: 'Semences de pastèque' },
      },
      {
        id: 22,
        slug: 'amaranth-seed',
        name: { en: 'Amaranth seed', sw: 'Mbegu za mchicha', fr: "Semences d'amarante" },
      },
      { id: 23, slug: 'okra-seed', name: { en: 'Okra seed', sw: 'Mbegu za bamia', fr: 'Semences de gombo' } },
    ],
  },
  {
    id: 24,
    slug: 'oil-crop-seed',
    name: { en: 'Oil crop seed', sw: 'Mbegu za mazao ya mafuta', fr: "Semences d'oléagineux" },
    children: [
      {
        id: 25,
        slug: 'groundnut-seed',
        name: { en: 'Groundnut seed', sw: 'Mbegu za karanga', fr: "Semences d'arachide" },
      },
      {
        id: 26,
        slug: 'sunflower-seed',
        name: { en: 'Sunflower seed', sw: 'Mbegu za alizeti', fr: 'Semences de tournesol' },
      },
      { id: 27, slug: 'sesame-seed', name: { en: 'Sesame seed', sw: 'Mbegu za ufuta', fr: 'Semences de sésame' } },
      {
        id: 28,
        slug: 'cotton-planting-seed',
        name: { en: 'Cotton planting seed', sw: 'Mbegu za pamba za kupanda', fr: 'Semences de coton' },
      },
    ],
  },
  {
    id: 29,
    slug: 'fodder-seed',
    name: { en: 'Fodder and pasture seed', sw: 'Mbegu za malisho', fr: 'Semences fourragères' },
    children: [
      {
        id: 30,
        slug: 'rhodes-grass-seed',
        name: { en: 'Rhodes grass seed', sw: 'Mbegu za nyasi za Rhodes', fr: "Semences d'herbe de Rhodes" },
      },
      {
        id: 31,
        slug: 'brachiaria-seed',
        name: { en: 'Brachiaria seed', sw: 'Mbegu za nyasi za Brachiaria', fr: 'Semences de brachiaria' },
      },
      {
        id: 32,
        slug: 'desmodium-seed',
        name: { en: 'Desmodium seed', sw: 'Mbegu za desmodiamu', fr: 'Semences de desmodium' },
      },
    ],
  },
  {
    id: 33,
    slug: 'planting-material',
    name: { en: 'Planting material', sw: 'Vipando na miche', fr: 'Matériel de plantation' },
    children: [
      {
        id: 34,
        slug: 'cassava-cuttings',
        name: { en: 'Cassava cuttings', sw: 'Vipando vya muhogo', fr: 'Boutures de manioc' },
      },
      {
        id: 35,
        slug: 'sweet-potato-vines',
        name: { en: 'Sweet potato vines', sw: 'Marando ya viazi vitamu', fr: 'Boutures de patate douce' },
      },
      {
        id: 36,
        slug: 'seed-potatoes',
        name: { en: 'Seed potatoes', sw: 'Mbegu za viazi mviringo', fr: 'Pommes de terre de semence' },
      },
      {
        id: 37,
        slug: 'banana-suckers',
        name: {
          en: 'Banana suckers and plantlets',
          sw: 'Machipukizi ya migomba',
          fr: 'Rejets et vitroplants de bananier',
        },
      },
      {
        id: 38,
        slug: 'fruit-tree-seedlings',
        name: { en: 'Fruit tree seedlings', sw: 'Miche ya miti ya matunda', fr: "Plants d'arbres fruitiers" },
      },
      {
        id: 39,
        slug: 'coffee-seedlings',
        name: { en: 'Coffee seedlings', sw: 'Miche ya kahawa', fr: 'Plants de caféier' },
      },
      { id: 40, slug: 'tea-seedlings', name: { en: 'Tea seedlings', sw: 'Miche ya chai', fr: 'Plants de théier' } },
      {
        id: 41,
        slug: 'cocoa-seedlings',
        name: { en: 'Cocoa seedlings', sw: 'Miche ya kakao', fr: 'Plants de cacaoyer' },
      },
      {
        id: 42,
        slug: 'vegetable-seedlings',
        name: { en: 'Vegetable seedlings', sw: 'Miche ya mboga', fr: 'Plants maraîchers' },
      },
      { id: 43, slug: 'tree-seedlings', name: { en: 'Tree seedlings', sw: 'Miche ya miti', fr: 'Plants forestiers' } },
    ],
  },
];

/** Fertilizers and agrochemicals. */
export const FERTILIZER_CATEGORIES: CategorySeed[] = [
  {
    id: 1,
    slug: 'nitrogen-fertilizers',
    name: { en: 'Nitrogen fertilizers', sw: 'Mbolea za naitrojeni', fr: 'Engrais azotés' },
    children: [
      { id: 2, slug: 'urea', name: { en: 'Urea', sw: 'Mbolea ya Urea', fr: 'Urée' } },
      {
        id: 3,
        slug: 'can',
        name: { en: 'CAN (calcium ammonium nitrate)', sw: 'Mbolea ya CAN', fr: 'Ammonitrate calcaire (CAN)' },
      },
      {
        id: 4,
        slug: 'ammonium-sulphate',
        name: { en: 'Ammonium sulphate', sw: 'Salfeti ya amonia (SA)', fr: "Sulfate d'ammonium" },
      },
    ],
  },
  {
    id: 5,
    slug: 'phosphate-fertilizers',
    name: { en: 'Phosphate fertilizers', sw: 'Mbolea za fosfeti', fr: 'Engrais phosphatés' },
    children: [
      {
        id: 6,
        slug: 'dap',
        name: { en: 'DAP (diammonium phosphate)', sw: 'Mbolea ya DAP', fr: 'DAP (phosphate diammonique)' },
      },
      {
        id: 7,
        slug: 'tsp',
        name: { en: 'TSP (triple superphosphate)', sw: 'Mbolea ya TSP', fr: 'TSP (superphosphate triple)' },
      },
      {
        id: 8,
        slug: 'ssp',
        name: { en: 'SSP (single superphosphate)', sw: 'Mbolea ya SSP', fr: 'SSP (superphosphate simple)' },
      },
      {
        id: 9,
        slug: 'rock-phosphate',
        name: { en: 'Rock phosphate', sw: 'Fosfeti ya miamba', fr: 'Phosphate naturel' },
      },
    ],
  },
  {
    id: 10,
    slug: 'potash-fertilizers',
    name: { en: 'Potash fertilizers', sw: 'Mbolea za potashi', fr: 'Engrais potassiques' },
    children: [
      {
        id: 11,
        slug: 'mop',
        name: { en: 'MOP (muriate of potash)', sw: 'Mbolea ya MOP', fr: 'Chlorure de potassium (MOP)' },
      },
      {
        id: 12,
        slug: 'sop',
        name: { en: 'SOP (sulphate of potash)', sw: 'Mbolea ya SOP', fr: 'Sulfate de potassium (SOP)' },
      },
    ],
  },
  {
    id: 13,
    slug: 'compound-npk',
    name: { en: 'Compound fertilizers (NPK)', sw: 'Mbolea za mchanganyiko (NPK)', fr: 'Engrais composés (NPK)' },
    children: [
      { id: 14, slug: 'npk-17-17-17', name: { en: 'NPK 17-17-17', sw: 'NPK 17-17-17', fr: 'NPK 17-17-17' } },
      { id: 15, slug: 'npk-15-15-15', name: { en: 'NPK 15-15-15', sw: 'NPK 15-15-15', fr: 'NPK 15-15-15' } },
      { id: 16, slug: 'npk-23-23-0', name: { en: 'NPK 23-23-0', sw: 'NPK 23-23-0', fr: 'NPK 23-23-0' } },
      { id: 17, slug: 'npk-20-10-10', name: { en: 'NPK 20-10-10', sw: 'NPK 20-10-10', fr: 'NPK 20-10-10' } },
      { id: 18, slug: 'npk-25-5-5', name: { en: 'NPK 25-5-5 (tea)', sw: 'NPK 25-5-5 (chai)', fr: 'NPK 25-5-5 (thé)' } },
    ],
  },
  {
    id: 19,
    slug: 'organic-fertilizers',
    name: {
      en: 'Organic and bio fertilizers',
      sw: 'Mbolea za asili na za kibaiolojia',
      fr: 'Engrais organiques et biologiques',
    },
    children: [
      { id: 20, slug: 'farmyard-manure', name: { en: 'Farmyard manure', sw: 'Samadi', fr: 'Fumier' } },
      {
        id: 21,
        slug: 'poultry-manure',
        name: { en: 'Poultry manure', sw: 'Mbolea ya kinyesi cha kuku', fr: 'Fientes de volaille' },
      },
      { id: 22, slug: 'compost', name: { en: 'Compost', sw: 'Mboji', fr: 'Compost' } },
      { id: 23, slug: 'vermicompost', name: { en: 'Vermicompost', sw: 'Mboji ya minyoo', fr: 'Lombricompost' } },
      {
        id: 24,
        slug: 'processed-organic',
        name: {
          en: 'Processed organic fertilizer',
          sw: 'Mbolea ya asili iliyosindikwa',
          fr: 'Engrais organiques granulés',
        },
      },
      {
        id: 25,
        slug: 'biofertilizers',
        name: { en: 'Biofertilizers', sw: 'Mbolea za kibaiolojia', fr: 'Biofertilisants' },
      },
    ],
  },
  {
    id: 26,
    slug: 'lime-soil-conditioners',
    name: {
      en: 'Lime and soil conditioners',
      sw: 'Chokaa na viboreshaji vya udongo',
      fr: 'Chaux et amendements du sol',
    },
    children: [
      {
        id: 27,
        slug: 'agricultural-lime',
        name: { en: 'Agricultural lime', sw: 'Chokaa ya kilimo', fr: 'Chaux agricole' },
      },
      { id: 28, slug: 'dolomitic-lime', name: { en: 'Dolomitic lime', sw: 'Chokaa ya dolomiti', fr: 'Dolomie' } },
      { id: 29, slug: 'gypsum', name: { en: 'Gypsum', sw: 'Jasi', fr: 'Gypse' } },
    ],
  },
  {
    id: 30,
    slug: 'foliar-feeds',
    name: { en: 'Foliar feeds', sw: 'Mbolea za majani', fr: 'Engrais foliaires' },
    children: [
      { id: 31, slug: 'foliar-npk', name: { en: 'Foliar NPK', sw: 'NPK ya kunyunyizia majani', fr: 'NPK foliaire' } },
      {
        id: 32,
        slug: 'micronutrients',
        name: { en: 'Micronutrients', sw: 'Virutubisho vidogo', fr: 'Oligo-éléments' },
      },
      { id: 33, slug: 'biostimulants', name: { en: 'Biostimulants', sw: 'Vichocheo vya ukuaji', fr: 'Biostimulants' } },
    ],
  },
  {
    id: 34,
    slug: 'herbicides',
    name: { en: 'Herbicides', sw: 'Viuagugu', fr: 'Herbicides' },
    children: [
      {
        id: 35,
        slug: 'non-selective-herbicides',
        name: { en: 'Non-selective herbicides', sw: 'Viuagugu visivyochagua', fr: 'Herbicides totaux' },
      },
      {
        id: 36,
        slug: 'selective-herbicides',
        name: { en: 'Selective herbicides', sw: 'Viuagugu vinavyochagua', fr: 'Herbicides sélectifs' },
      },
      {
        id: 37,
        slug: 'pre-emergence-herbicides',
        name: { en: 'Pre-emergence herbicides', sw: 'Viuagugu vya kabla ya kuota', fr: 'Herbicides de prélevée' },
      },
    ],
  },
  {
    id: 38,
    slug: 'insecticides',
    name: { en: 'Insecticides', sw: 'Viuadudu', fr: 'Insecticides' },
    children: [
      {
        id: 39,
        slug: 'crop-insecticides',
        name: { en: 'Crop insecticides', sw: 'Viuadudu vya mazao shambani', fr: 'Insecticides pour cultures' },
      },
      {
        id: 40,
        slug: 'storage-insecticides',
        name: { en: 'Storage insecticides', sw: 'Viuadudu vya ghalani', fr: 'Insecticides de stockage' },
      },
      { id: 41, slug: 'acaricides', name: { en: 'Acaricides (tick control)', sw: 'Viuakupe', fr: 'Acaricides' } },
      { id: 42, slug: 'biopesticides', name: { en: 'Biopesticides', sw: 'Viuatilifu vya asili', fr: 'Biopesticides' } },
    ],
  },
  {
    id: 43,
    slug: 'fungicides',
    name: { en: 'Fungicides', sw: 'Viuakuvu', fr: 'Fongicides' },
    children: [
      {
        id: 44,
        slug: 'contact-fungicides',
        name: { en: 'Contact fungicides', sw: 'Viuakuvu vya mguso', fr: 'Fongicides de contact' },
      },
      {
        id: 45,
        slug: 'systemic-fungicides',
        name: { en: 'Systemic fungicides', sw: 'Viuakuvu vinavyopenya mmea', fr: 'Fongicides systémiques' },
      },
      {
        id: 46,
        slug: 'copper-fungicides',
        name: { en: 'Copper fungicides', sw: 'Viuakuvu vya shaba', fr: 'Fongicides cupriques' },
      },
    ],
  },
  {
    id: 47,
    slug: 'seed-treatment',
    name: { en: 'Seed treatment', sw: 'Dawa za kutibu mbegu', fr: 'Traitement des semences' },
    children: [
      {
        id: 48,
        slug: 'seed-dressings',
        name: { en: 'Seed dressings', sw: 'Dawa za kuvika mbegu', fr: "Produits d'enrobage des semences" },
      },
      {
        id: 49,
        slug: 'legume-inoculants',
        name: {
          en: 'Legume inoculants (rhizobia)',
          sw: 'Chanjo ya rhizobia kwa mikunde',
          fr: 'Inoculants pour légumineuses (rhizobium)',
        },
      },
    ],
  },
];

/** Machinery and equipment (for sale or hire). */
export const TECHNIC_CATEGORIES: CategorySeed[] = [
  {
    id: 1,
    slug: 'tractors',
    name: { en: 'Tractors', sw: 'Matrekta', fr: 'Tracteurs' },
    children: [
      {
        id: 2,
        slug: 'four-wheel-tractors',
        name: { en: 'Four-wheel tractors', sw: 'Matrekta ya magurudumu manne', fr: 'Tracteurs à quatre roues' },
      },
      {
        id: 3,
        slug: 'two-wheel-tractors',
        name: { en: 'Two-wheel tractors (power tillers)', sw: 'Matrekta ya mkono', fr: 'Motoculteurs' },
      },
    ],
  },
  {
    id: 4,
    slug: 'tillage',
    name: { en: 'Tillage equipment', sw: 'Zana za kulimia', fr: 'Matériel de travail du sol' },
    children: [
      { id: 5, slug: 'ploughs', name: { en: 'Ploughs', sw: 'Plau', fr: 'Charrues' } },
      { id: 6, slug: 'harrows', name: { en: 'Harrows', sw: 'Haro', fr: 'Herses' } },
      { id: 7, slug: 'rotavators', name: { en: 'Rotavators', sw: 'Rotaveta', fr: 'Fraises rotatives' } },
      {
        id: 8,
        slug: 'ox-ploughs',
        name: { en: 'Ox ploughs', sw: "Plau za kukokotwa na ng'ombe", fr: 'Charrues à traction animale' },
      },
      { id: 9, slug: 'ridgers', name: { en: 'Ridgers', sw: 'Mashine za kutengeneza matuta', fr: 'Billonneuses' } },
    ],
  },
  {
    id: 10,
    slug: 'planting',
    name: { en: 'Planting equipment', sw: 'Mashine za kupandia', fr: 'Matériel de semis et de plantation' },
    children: [
      { id: 11, slug: 'planters', name: { en: 'Planters', sw: 'Mashine za kupanda', fr: 'Semoirs de précision' } },
      {
        id: 12,
        slug: 'seed-drills',
        name: { en: 'Seed drills', sw: 'Mashine za kupanda kwa mistari', fr: 'Semoirs en ligne' },
      },
      {
        id: 13,
        slug: 'transplanters',
        name: { en: 'Rice transplanters', sw: 'Mashine za kupandikiza mpunga', fr: 'Repiqueuses de riz' },
      },
      { id: 14, slug: 'jab-planters', name: { en: 'Jab planters', sw: 'Vipandio vya mkono', fr: 'Semoirs manuels' } },
    ],
  },
  {
    id: 15,
    slug: 'irrigation',
    name: { en: 'Irrigation equipment', sw: 'Vifaa vya umwagiliaji', fr: "Matériel d'irrigation" },
    children: [
      { id: 16, slug: 'water-pumps', name: { en: 'Water pumps', sw: 'Pampu za maji', fr: 'Pompes à eau' } },
      {
        id: 17,
        slug: 'solar-pumps',
        name: { en: 'Solar water pumps', sw: 'Pampu za maji za nishati ya jua', fr: 'Pompes solaires' },
      },
      {
        id: 18,
        slug: 'drip-kits',
        name: {
          en: 'Drip irrigation kits',
          sw: 'Vifaa vya umwagiliaji wa matone',
          fr: "Kits d'irrigation goutte-à-goutte",
        },
      },
      { id: 19, slug: 'sprinklers', name: { en: 'Sprinklers', sw: 'Vinyunyizio vya maji', fr: 'Asperseurs' } },
      { id: 20, slug: 'pipes-hoses', name: { en: 'Pipes and hoses', sw: 'Mabomba na mipira ya maji', fr: 'Tuyaux' } },
      { id: 21, slug: 'water-tanks', name: { en: 'Water tanks', sw: 'Matangi ya maji', fr: "Réservoirs d'eau" } },
    ],
  },
  {
    id: 22,
    slug: 'crop-protection',
    name: {
      en: 'Crop protection equipment',
      sw: 'Vifaa vya kunyunyizia viuatilifu',
      fr: 'Matériel de traitement phytosanitaire',
    },
    children: [
      {
        id: 23,
        slug: 'knapsack-sprayers',
        name: { en: 'Knapsack sprayers', sw: 'Pampu za mgongoni za kunyunyizia', fr: 'Pulvérisateurs à dos' },
      },
      {
        id: 24,
        slug: 'motorised-sprayers',
        name: { en: 'Motorised mist blowers', sw: 'Pampu za kunyunyizia za injini', fr: 'Atomiseurs à moteur' },
      },
      {
        id: 25,
        slug: 'boom-sprayers',
        name: { en: 'Boom sprayers', sw: 'Vinyunyizio vya kuvutwa na trekta', fr: 'Pulvérisateurs à rampe' },
      },
    ],
  },
  {
    id: 26,
    slug: 'harvesting',
    name: { en: 'Harvesting equipment', sw: 'Mashine za kuvunia', fr: 'Matériel de récolte' },
    children: [
      {
        id: 27,
        slug: 'combine-harvesters',
        name: { en: 'Combine harvesters', sw: 'Mashine za kuvuna na kupura (kombaini)', fr: 'Moissonneuses-batteuses' },
      },
      { id: 28, slug: 'reapers', name: { en: 'Reapers', sw: 'Mashine za kukata mazao', fr: 'Moissonneuses' } },
      {
        id: 29,
        slug: 'potato-diggers',
        name: { en: 'Potato diggers', sw: 'Mashine za kuchimba viazi', fr: 'Arracheuses de pommes de terre' },
      },
      { id: 30, slug: 'mowers', name: { en: 'Mowers', sw: 'Mashine za kukata nyasi', fr: 'Faucheuses' } },
    ],
  },
  {
    id: 31,
    slug: 'post-harvest',
    name: { en: 'Post-harvest equipment', sw: 'Vifaa vya baada ya kuvuna', fr: 'Matériel post-récolte' },
    children: [
      { id: 32, slug: 'threshers', name: { en: 'Threshers', sw: 'Mashine za kupura', fr: 'Batteuses' } },
      {
        id: 33,
        slug: 'maize-shellers',
        name: { en: 'Maize shellers', sw: 'Mashine za kupukuchua mahindi', fr: 'Égreneuses de maïs' },
      },
      { id: 34, slug: 'dryers', name: { en: 'Dryers', sw: 'Mashine za kukausha', fr: 'Séchoirs' } },
      { id: 35, slug: 'mills', name: { en: 'Mills', sw: 'Mashine za kusaga', fr: 'Moulins' } },
      {
        id: 36,
        slug: 'rice-hullers',
        name: { en: 'Rice hullers', sw: 'Mashine za kukoboa mpunga', fr: 'Décortiqueuses de riz' },
      },
      {
        id: 37,
        slug: 'oil-presses',
        name: { en: 'Oil presses', sw: 'Mashine za kukamua mafuta', fr: 'Presses à huile' },
      },
      {
        id: 38,
        slug: 'cassava-graters',
        name: { en: 'Cassava graters', sw: 'Mashine za kukuna muhogo', fr: 'Râpeuses de manioc' },
      },
      {
        id: 39,
        slug: 'hermetic-storage',
        name: {
          en: 'Hermetic bags and silos',
          sw: 'Mifuko na vihenge visivyopitisha hewa',
          fr: 'Sacs et silos hermétiques',
        },
      },
    ],
  },
  {
    id: 40,
    slug: 'transport',
    name: { en: 'Transport', sw: 'Usafiri', fr: 'Transport' },
    children: [
      { id: 41, slug: 'trucks', name: { en: 'Trucks', sw: 'Malori', fr: 'Camions' } },
      { id: 42, slug: 'pickups', name: { en: 'Pickups', sw: 'Magari madogo ya mizigo', fr: 'Camionnettes' } },
      { id: 43, slug: 'trailers', name: { en: 'Trailers', sw: 'Tela', fr: 'Remorques' } },
      {
        id: 44,
        slug: 'motorbike-carts',
        name: {
          en: 'Cargo tricycles and motorbike carts',
          sw: 'Pikipiki za mizigo',
          fr: 'Tricycles et motos de transport',
        },
      },
      {
        id: 45,
        slug: 'ox-carts',
        name: { en: 'Ox carts', sw: "Mikokoteni ya ng'ombe", fr: 'Charrettes à traction animale' },
      },
    ],
  },
  {
    id: 46,
    slug: 'livestock-equipment',
    name: { en: 'Livestock equipment', sw: 'Vifaa vya mifugo', fr: "Matériel d'élevage" },
    children: [
      {
        id: 47,
        slug: 'milking-machines',
        name: { en: 'Milking machines', sw: 'Mashine za kukamua maziwa', fr: 'Machines à traire' },
      },
      {
        id: 48,
        slug: 'chaff-cutters',
        name: { en: 'Chaff cutters', sw: 'Mashine za kukatakata majani', fr: 'Hache-paille' },
      },
      {
        id: 49,
        slug: 'feed-mixers',
        name: {
          en: 'Feed mixers and pelletizers',
          sw: 'Mashine za kuchanganya chakula cha mifugo',
          fr: "Mélangeurs et granulateurs d'aliments",
        },
      },
      {
        id: 50,
        slug: 'incubators',
        name: { en: 'Egg incubators', sw: 'Mashine za kutotolesha vifaranga', fr: 'Couveuses' },
      },
      {
        id: 51,
        slug: 'milk-coolers',
        name: { en: 'Milk coolers', sw: 'Matangi ya kupoza maziwa', fr: 'Refroidisseurs de lait' },
      },
    ],
  },
  {
    id: 52,
    slug: 'power',
    name: { en: 'Power', sw: 'Nishati', fr: 'Énergie' },
    children: [
      { id: 53, slug: 'generators', name: { en: 'Generators', sw: 'Jenereta', fr: 'Groupes électrogènes' } },
      {
        id: 54,
        slug: 'solar-panels',
        name: {
          en: 'Solar panels and kits',
          sw: 'Paneli na vifaa vya nishati ya jua',
          fr: 'Panneaux et kits solaires',
        },
      },
      { id: 55, slug: 'diesel-engines', name: { en: 'Diesel engines', sw: 'Injini za dizeli', fr: 'Moteurs diesel' } },
    ],
  },
];
