import type { TranslatedName } from './types';

/** Kinds of documents users and companies upload. type_category_id: 1 identity, 2 business, 3 land and farm, 4 trade. */
export const DOCUMENT_TYPES: { id: number; typeCategoryId: number; name: TranslatedName }[] = [
  {
    id: 1,
    typeCategoryId: 1,
    name: { en: 'National ID card', sw: 'Kitambulisho cha taifa', fr: "Carte nationale d'identité" },
  },
  { id: 2, typeCategoryId: 1, name: { en: 'Passport', sw: 'Pasipoti', fr: 'Passeport' } },
  {
    id: 3,
    typeCategoryId: 2,
    name: {
      en: 'Business registration certificate',
      sw: 'Cheti cha usajili wa biashara',
      fr: "Certificat d'immatriculation de l'entreprise",
    },
  },
  {
    id: 4,
    typeCategoryId: 2,
    name: {
      en: 'Tax registration certificate',
      sw: 'Cheti cha usajili wa kodi',
      fr: "Attestation d'immatriculation fiscale",
    },
  },
  {
    id: 5,
    typeCategoryId: 2,
    name: {
      en: 'Cooperative registration certificate',
      sw: 'Cheti cha usajili wa chama cha ushirika',
      fr: "Certificat d'enregistrement de la coopérative",
    },
  },
  {
    id: 6,
    typeCategoryId: 3,
    name: { en: 'Land title or lease', sw: 'Hati ya ardhi au mkataba wa kukodi', fr: 'Titre foncier ou bail' },
  },
  { id: 7, typeCategoryId: 4, name: { en: 'Export licence', sw: 'Leseni ya kuuza nje', fr: "Licence d'exportation" } },
  {
    id: 8,
    typeCategoryId: 4,
    name: { en: 'Phytosanitary certificate', sw: 'Cheti cha afya ya mimea', fr: 'Certificat phytosanitaire' },
  },
  {
    id: 9,
    typeCategoryId: 4,
    name: {
      en: 'Quality or grading certificate',
      sw: 'Cheti cha ubora au daraja',
      fr: 'Certificat de qualité ou de classement',
    },
  },
];
