import type { UnitSeed } from './types';

/**
 * Units a price or a quantity is given in. Ids are stable; the order here is the display order. Flags say
 * which lot kinds a unit suits: crops (board), seed, fertilizer and agrochemicals, machinery (sale and
 * hire rates: per piece, per hour/day/week/month, per hectare/acre worked).
 */
export const UNITS: UnitSeed[] = [
  {
    id: 1, code: 'kg',
    name: { en: 'Kilogram', sw: 'Kilo', fr: 'Kilogramme' },
    short: { en: 'kg', sw: 'kg', fr: 'kg' },
    forBoard: true, forSeed: true, forFertilizer: true, forMachinery: false,
  },
  {
    id: 2, code: 'tonne',
    name: { en: 'Tonne', sw: 'Tani', fr: 'Tonne' },
    short: { en: 't', sw: 'tani', fr: 't' },
    forBoard: true, forSeed: false, forFertilizer: true, forMachinery: false,
  },
  {
    id: 3, code: 'bag_50kg',
    name: { en: 'Bag of 50 kg', sw: 'Gunia la kilo 50', fr: 'Sac de 50 kg' },
    short: { en: '50 kg bag', sw: 'gunia la kg 50', fr: 'sac de 50 kg' },
    forBoard: true, forSeed: true, forFertilizer: true, forMachinery: false,
  },
  {
    id: 4, code: 'bag_90kg',
    name: { en: 'Bag of 90 kg', sw: 'Gunia la kilo 90', fr: 'Sac de 90 kg' },
    short: { en: '90 kg bag', sw: 'gunia la kg 90', fr: 'sac de 90 kg' },
    forBoard: true, forSeed: false, forFertilizer: false, forMachinery: false,
  },
  {
    id: 5, code: 'crate',
    name: { en: 'Crate', sw: 'Kreti', fr: 'Cageot' },
    short: { en: 'crate', sw: 'kreti', fr: 'cageot' },
    forBoard: true, forSeed: false, forFertilizer: false, forMachinery: false,
  },
  {
    id: 6, code: 'bunch',
    name: { en: 'Bunch', sw: 'Mkungu', fr: 'Régime' },
    short: { en: 'bunch', sw: 'mkungu', fr: 'régime' },
    forBoard: true, forSeed: false, forFertilizer: false, forMachinery: false,
  },
  {
    id: 7, code: 'litre',
    name: { en: 'Litre', sw: 'Lita', fr: 'Litre' },
    short: { en: 'L', sw: 'lita', fr: 'L' },
    forBoard: true, forSeed: false, forFertilizer: true, forMachinery: false,
  },
  {
    id: 8, code: 'piece',
    name: { en: 'Piece', sw: 'Kipande', fr: 'Pièce' },
    short: { en: 'pc', sw: 'kipande', fr: 'pièce' },
    forBoard: true, forSeed: true, forFertilizer: false, forMachinery: true,
  },
  {
    id: 9, code: 'head',
    name: { en: 'Head (of livestock)', sw: 'Mnyama mmoja (mfugo)', fr: 'Tête (de bétail)' },
    short: { en: 'head', sw: 'mnyama', fr: 'tête' },
    forBoard: true, forSeed: false, forFertilizer: false, forMachinery: false,
  },
  {
    id: 10, code: 'hectare',
    name: { en: 'Hectare', sw: 'Hekta', fr: 'Hectare' },
    short: { en: 'ha', sw: 'hekta', fr: 'ha' },
    forBoard: false, forSeed: false, forFertilizer: false, forMachinery: true,
  },
  {
    id: 11, code: 'acre',
    name: { en: 'Acre', sw: 'Ekari', fr: 'Acre' },
    short: { en: 'acre', sw: 'ekari', fr: 'acre' },
    forBoard: false, forSeed: false, forFertilizer: false, forMachinery: true,
  },
  {
    id: 12, code: 'hour',
    name: { en: 'Hour', sw: 'Saa', fr: 'Heure' },
    short: { en: 'h', sw: 'saa', fr: 'h' },
    forBoard: false, forSeed: false, forFertilizer: false, forMachinery: true,
  },
  {
    id: 13, code: 'day',
    name: { en: 'Day', sw: 'Siku', fr: 'Jour' },
    short: { en: 'day', sw: 'siku', fr: 'jour' },
    forBoard: false, forSeed: false, forFertilizer: false, forMachinery: true,
  },
  {
    id: 14, code: 'week',
    name: { en: 'Week', sw: 'Wiki', fr: 'Semaine' },
    short: { en: 'week', sw: 'wiki', fr: 'semaine' },
    forBoard: false, forSeed: false, forFertilizer: false, forMachinery: true,
  },
  {
    id: 15, code: 'month',
    name: { en: 'Month', sw: 'Mwezi', fr: 'Mois' },
    short: { en: 'month', sw: 'mwezi', fr: 'mois' },
    forBoard: false, forSeed: false, forFertilizer: false, forMachinery: true,
  },
  {
    id: 16, code: 'packet',
    name: { en: 'Packet (of seed)', sw: 'Pakiti (ya mbegu)', fr: 'Paquet (de semences)' },
    short: { en: 'packet', sw: 'pakiti', fr: 'paquet' },
    forBoard: false, forSeed: true, forFertilizer: false, forMachinery: false,
  },
  {
    id: 17, code: 'sachet',
    name: { en: 'Sachet', sw: 'Kifuko', fr: 'Sachet' },
    short: { en: 'sachet', sw: 'kifuko', fr: 'sachet' },
    forBoard: false, forSeed: false, forFertilizer: true, forMachinery: false,
  },
  {
    id: 18, code: 'gram',
    name: { en: 'Gram', sw: 'Gramu', fr: 'Gramme' },
    short: { en: 'g', sw: 'g', fr: 'g' },
    forBoard: false, forSeed: true, forFertilizer: false, forMachinery: false,
  },
];
