import type { RegionSeed } from './types';

/**
 * First-level administrative divisions of the countries Mavuno launches in, with a few real towns, villages
 * and market centres in each (farming areas and produce markets). Coordinates are approximate (region: its
 * capital or centre; places: the town centre), good to a few kilometres, for maps and distance hints only.
 */
export const REGIONS: Record<'KE' | 'TZ' | 'UG' | 'RW' | 'NG' | 'GH' | 'CI' | 'SN' | 'CM', RegionSeed[]> = {
  // Kenya: the 47 counties (Constitution of Kenya 2010, First Schedule), in their official order.
  KE: [
    {
      name: 'Mombasa',
      lat: -4.0435,
      lng: 39.6682,
      villages: [
        { name: 'Kongowea', lat: -4.0236, lng: 39.685 },
        { name: 'Likoni', lat: -4.09, lng: 39.66 },
        { name: 'Jomvu', lat: -3.99, lng: 39.61 },
      ],
    },
    {
      name: 'Kwale',
      lat: -4.1816,
      lng: 39.4606,
      villages: [
        { name: 'Msambweni', lat: -4.4667, lng: 39.4833 },
        { name: 'Kinango', lat: -4.1383, lng: 39.3161 },
        { name: 'Lunga Lunga', lat: -4.5547, lng: 39.1239 },
      ],
    },
    {
      name: 'Kilifi',
      lat: -3.6305,
      lng: 39.8499,
      villages: [
        { name: 'Malindi', lat: -3.2175, lng: 40.1191 },
        { name: 'Mariakani', lat: -3.8631, lng: 39.4722 },
        { name: 'Mtwapa', lat: -3.95, lng: 39.7447 },
      ],
    },
    {
      name: 'Tana River',
      lat: -1.4836,
      lng: 40.0307,
      villages: [
        { name: 'Hola', lat: -1.4836, lng: 40.0307 },
        { name: 'Garsen', lat: -2.2717, lng: 40.1167 },
        { name: 'Kipini', lat: -2.5257, lng: 40.5262 },
      ],
    },
    {
      name: 'Lamu',
      lat: -2.2717,
      lng: 40.902,
      villages: [
        { name: 'Mpeketoni', lat: -2.3906, lng: 40.6961 },
        { name: 'Witu', lat: -2.3889, lng: 40.4381 },
        { name: 'Mokowe', lat: -2.2361, lng: 40.8597 },
      ],
    },
    {
      name: 'Taita-Taveta',
      lat: -3.3161,
      lng: 38.485,
      villages: [
        { name: 'Taveta', lat: -3.3981, lng: 37.6839 },
        { name: 'Wundanyi', lat: -3.4019, lng: 38.36 },
        { name: 'Voi', lat: -3.3961, lng: 38.5561 },
      ],
    },
    {
      name: 'Garissa',
      lat: -0.4536,
      lng: 39.6461,
      villages: [
        { name: 'Garissa', lat: -0.4536, lng: 39.6461 },
        { name: 'Dadaab', lat: 0.0553, lng: 40.3086 },
        { name: 'Ijara', lat: -1.5952, lng: 40.5144 },
      ],
    },
    {
      name: 'Wajir',
      lat: 1.7471,
      lng: 40.0573,
      villages: [
        { name: 'Wajir', lat: 1.7471, lng: 40.0573 },
        { name: 'Habaswein', lat: 1.0119, lng: 39.4889 },
        { name: 'Tarbaj', lat: 2.2167, lng: 40.1333 },
      ],
    },
    {
      name: 'Mandera',
      lat: 3.9366,
      lng: 41.867,
      villages: [
        { name: 'Mandera', lat: 3.9366, lng: 41.867 },
        { name: 'El Wak', lat: 2.8042, lng: 40.9286 },
        { name: 'Rhamu', lat: 3.9333, lng: 41.2167 },
      ],
    },
    {
      name: 'Marsabit',
      lat: 2.3284,
      lng: 37.9899,
      villages: [
        { name: 'Marsabit', lat: 2.3284, lng: 37.9899 },
        { name: 'Moyale', lat: 3.5167, lng: 39.0583 },
        { name: 'Laisamis', lat: 1.6, lng: 37.8 },
      ],
    },
    {
      name: 'Isiolo',
      lat: 0.3546,
      lng: 37.5822,
      villages: [
        { name: 'Isiolo', lat: 0.3546, lng: 37.5822 },
        { name: 'Merti', lat: 1.0667, lng: 38.6667 },
        { name: 'Garbatulla', lat: 0.5339, lng: 38.5188 },
      ],
    },
    {
      name: 'Meru',
      lat: 0.047,
      lng: 37.6498,
      villages: [
        { name: 'Timau', lat: 0.0833, lng: 37.2333 },
        { name: 'Maua', lat: 0.2333, lng: 37.9333 },
        { name: 'Nkubu', lat: -0.0667, lng: 37.6667 },
      ],
    },
    {
      name: 'Tharaka-Nithi',
      lat: -0.3,
      lng: 37.8,
      villages: [
        { name: 'Chuka', lat: -0.3333, lng: 37.65 },
        { name: 'Chogoria', lat: -0.2333, lng: 37.6333 },
        { name: 'Marimanti', lat: -0.15, lng: 37.9833 },
      ],
    },
    {
      name: 'Embu',
      lat: -0.5388,
      lng: 37.4596,
      villages: [
        { name: 'Runyenjes', lat: -0.4222, lng: 37.5733 },
        { name: 'Siakago', lat: -0.5833, lng: 37.6333 },
        { name: 'Ishiara', lat: -0.45, lng: 37.7833 },
      ],
    },
    {
      name: 'Kitui',
      lat: -1.367,
      lng: 38.0106,
      villages: [
        { name: 'Kitui', lat: -1.367, lng: 38.0106 },
        { name: 'Mwingi', lat: -0.9333, lng: 38.0667 },
        { name: 'Mutomo', lat: -1.85, lng: 38.2167 },
      ],
    },
    {
      name: 'Machakos',
      lat: -1.5177,
      lng: 37.2634,
      villages: [
        { name: 'Kangundo', lat: -1.3, lng: 37.35 },
        { name: 'Matuu', lat: -1.15, lng: 37.5333 },
        { name: 'Masii', lat: -1.45, lng: 37.4333 },
      ],
    },
    {
      name: 'Makueni',
      lat: -1.7833,
      lng: 37.6333,
      villages: [
        { name: 'Emali', lat: -2.0833, lng: 37.4667 },
        { name: 'Kibwezi', lat: -2.4167, lng: 37.9667 },
        { name: 'Makindu', lat: -2.2833, lng: 37.8333 },
      ],
    },
    {
      name: 'Nyandarua',
      lat: -0.2667,
      lng: 36.3833,
      villages: [
        { name: 'Ol Joro Orok', lat: -0.0747, lng: 36.3629 },
        { name: 'Engineer', lat: -0.6167, lng: 36.5833 },
        { name: 'Njabini', lat: -0.7264, lng: 36.6526 },
      ],
    },
    {
      name: 'Nyeri',
      lat: -0.4201,
      lng: 36.9476,
      villages: [
        { name: 'Karatina', lat: -0.4833, lng: 37.1333 },
        { name: 'Othaya', lat: -0.55, lng: 36.9333 },
        { name: 'Mweiga', lat: -0.3333, lng: 36.9 },
      ],
    },
    {
      name: 'Kirinyaga',
      lat: -0.4989,
      lng: 37.2803,
      villages: [
        { name: 'Kutus', lat: -0.5667, lng: 37.3167 },
        { name: "Wang'uru", lat: -0.6833, lng: 37.35 },
        { name: 'Kagio', lat: -0.6, lng: 37.25 },
      ],
    },
    {
      name: "Murang'a",
      lat: -0.721,
      lng: 37.1526,
      villages: [
        { name: 'Kangema', lat: -0.6833, lng: 36.9667 },
        { name: 'Maragua', lat: -0.796, lng: 37.1329 },
        { name: 'Kenol', lat: -0.9373, lng: 37.1228 },
      ],
    },
    {
      name: 'Kiambu',
      lat: -1.1714,
      lng: 36.8356,
      villages: [
        { name: 'Limuru', lat: -1.1, lng: 36.65 },
        { name: 'Githunguri', lat: -1.05, lng: 36.7667 },
        { name: 'Gatundu', lat: -1.0, lng: 36.9 },
      ],
    },
    {
      name: 'Turkana',
      lat: 3.1191,
      lng: 35.5973,
      villages: [
        { name: 'Kakuma', lat: 3.7167, lng: 34.8667 },
        { name: 'Lokichar', lat: 2.3833, lng: 35.65 },
        { name: 'Lokichoggio', lat: 4.2077, lng: 34.3538 },
      ],
    },
    {
      name: 'West Pokot',
      names: { sw: 'Pokot Magharibi', fr: 'Pokot-Occidental' },
      lat: 1.2389,
      lng: 35.1119,
      villages: [
        { name: 'Chepareria', lat: 1.3, lng: 35.2 },
        { name: 'Ortum', lat: 1.4333, lng: 35.3667 },
        { name: 'Makutano', lat: 1.2588, lng: 35.0957 },
      ],
    },
    {
      name: 'Samburu',
      lat: 1.0982,
      lng: 36.6987,
      villages: [
        { name: 'Baragoi', lat: 1.7833, lng: 36.7833 },
        { name: 'Wamba', lat: 0.9833, lng: 37.3167 },
        { name: 'Archers Post', lat: 0.65, lng: 37.6667 },
      ],
    },
    {
      name: 'Trans-Nzoia',
      lat: 1.0157,
      lng: 35.0062,
      villages: [
        { name: 'Kitale', lat: 1.0157, lng: 35.0062 },
        { name: 'Endebess', lat: 1.0833, lng: 34.85 },
        { name: 'Kiminini', lat: 0.8962, lng: 34.9167 },
      ],
    },
    {
      name: 'Uasin Gishu',
      lat: 0.5143,
      lng: 35.2698,
      villages: [
        { name: 'Burnt Forest', lat: 0.2167, lng: 35.4333 },
        { name: 'Turbo', lat: 0.6333, lng: 35.05 },
        { name: "Moi's Bridge", lat: 0.8718, lng: 35.1221 },
      ],
    },
    {
      name: 'Elgeyo-Marakwet',
      lat: 0.6703,
      lng: 35.5081,
      villages: [
        { name: 'Iten', lat: 0.6703, lng: 35.5081 },
        { name: 'Kapsowar', lat: 0.9833, lng: 35.5667 },
        { name: 'Tambach', lat: 0.6, lng: 35.5167 },
      ],
    },
    {
      name: 'Nandi',
      lat: 0.2027,
      lng: 35.105,
      villages: [
        { name: 'Nandi Hills', lat: 0.1, lng: 35.1833 },
        { name: 'Mosoriot', lat: 0.3167, lng: 35.1667 },
        { name: 'Kabiyet', lat: 0.4167, lng: 35.1167 },
      ],
    },
    {
      name: 'Baringo',
      lat: 0.4919,
      lng: 35.743,
      villages: [
        { name: 'Marigat', lat: 0.4667, lng: 35.9833 },
        { name: 'Eldama Ravine', lat: 0.05, lng: 35.7167 },
        { name: 'Mogotio', lat: -0.0167, lng: 35.9667 },
      ],
    },
    {
      name: 'Laikipia',
      lat: 0.2667,
      lng: 36.5333,
      villages: [
        { name: 'Nanyuki', lat: 0.0167, lng: 37.0667 },
        { name: 'Nyahururu', lat: 0.0333, lng: 36.3667 },
        { name: 'Rumuruti', lat: 0.2667, lng: 36.5333 },
      ],
    },
    {
      name: 'Nakuru',
      lat: -0.3031,
      lng: 36.08,
      villages: [
        { name: 'Naivasha', lat: -0.7167, lng: 36.4333 },
        { name: 'Molo', lat: -0.25, lng: 35.7333 },
        { name: 'Njoro', lat: -0.3333, lng: 35.95 },
      ],
    },
    {
      name: 'Narok',
      lat: -1.0804,
      lng: 35.8711,
      villages: [
        { name: 'Kilgoris', lat: -1.0, lng: 34.8833 },
        { name: 'Ntulele', lat: -1.0957, lng: 36.0856 },
        { name: 'Ololulunga', lat: -1.0027, lng: 35.6634 },
      ],
    },
    {
      name: 'Kajiado',
      lat: -1.8524,
      lng: 36.7768,
      villages: [
        { name: 'Kitengela', lat: -1.4734, lng: 36.9613 },
        { name: 'Loitokitok', lat: -2.9167, lng: 37.5167 },
        { name: 'Kimana', lat: -2.7988, lng: 37.5371 },
      ],
    },
    {
      name: 'Kericho',
      lat: -0.3689,
      lng: 35.2863,
      villages: [
        { name: 'Litein', lat: -0.5833, lng: 35.1833 },
        { name: 'Londiani', lat: -0.1667, lng: 35.6 },
        { name: 'Kipkelion', lat: -0.2, lng: 35.4667 },
      ],
    },
    {
      name: 'Bomet',
      lat: -0.7813,
      lng: 35.3416,
      villages: [
        { name: 'Sotik', lat: -0.6907, lng: 35.111 },
        { name: 'Longisa', lat: -0.8667, lng: 35.3833 },
        { name: 'Silibwet', lat: -0.7333, lng: 35.3667 },
      ],
    },
    {
      name: 'Kakamega',
      lat: 0.2827,
      lng: 34.7519,
      villages: [
        { name: 'Mumias', lat: 0.3333, lng: 34.4833 },
        { name: 'Malava', lat: 0.45, lng: 34.85 },
        { name: 'Butere', lat: 0.2, lng: 34.4833 },
      ],
    },
    {
      name: 'Vihiga',
      lat: 0.0833,
      lng: 34.7234,
      villages: [
        { name: 'Luanda', lat: 0.0233, lng: 34.5866 },
        { name: 'Chavakali', lat: 0.1177, lng: 34.7334 },
        { name: 'Majengo', lat: 0.0494, lng: 34.7248 },
      ],
    },
    {
      name: 'Bungoma',
      lat: 0.5635,
      lng: 34.5606,
      villages: [
        { name: 'Webuye', lat: 0.6167, lng: 34.7667 },
        { name: 'Kimilili', lat: 0.7833, lng: 34.7167 },
        { name: 'Chwele', lat: 0.7624, lng: 34.5485 },
      ],
    },
    {
      name: 'Busia',
      lat: 0.4608,
      lng: 34.1115,
      villages: [
        { name: 'Malaba', lat: 0.6333, lng: 34.2833 },
        { name: 'Nambale', lat: 0.4581, lng: 34.2535 },
        { name: 'Port Victoria', lat: 0.1, lng: 33.9667 },
      ],
    },
    {
      name: 'Siaya',
      lat: 0.0607,
      lng: 34.2881,
      villages: [
        { name: 'Bondo', lat: -0.1, lng: 34.2667 },
        { name: 'Ugunja', lat: 0.1902, lng: 34.2992 },
        { name: 'Yala', lat: 0.1, lng: 34.5333 },
      ],
    },
    {
      name: 'Kisumu',
      lat: -0.0917,
      lng: 34.768,
      villages: [
        { name: 'Ahero', lat: -0.1667, lng: 34.9167 },
        { name: 'Katito', lat: -0.2693, lng: 34.972 },
        { name: 'Muhoroni', lat: -0.15, lng: 35.2 },
      ],
    },
    {
      name: 'Homa Bay',
      lat: -0.5273,
      lng: 34.4571,
      villages: [
        { name: 'Mbita', lat: -0.4333, lng: 34.2 },
        { name: 'Oyugis', lat: -0.5, lng: 34.7333 },
        { name: 'Kendu Bay', lat: -0.3667, lng: 34.65 },
      ],
    },
    {
      name: 'Migori',
      lat: -1.0634,
      lng: 34.4731,
      villages: [
        { name: 'Rongo', lat: -0.7667, lng: 34.6 },
        { name: 'Awendo', lat: -0.9, lng: 34.5333 },
        { name: 'Isebania', lat: -1.2333, lng: 34.4833 },
      ],
    },
    {
      name: 'Kisii',
      lat: -0.6817,
      lng: 34.7667,
      villages: [
        { name: 'Ogembo', lat: -0.8, lng: 34.7167 },
        { name: 'Kenyenya', lat: -0.8875, lng: 34.732 },
        { name: 'Tabaka', lat: -0.7474, lng: 34.6668 },
      ],
    },
    {
      name: 'Nyamira',
      lat: -0.5633,
      lng: 34.9358,
      villages: [
        { name: 'Nyamira', lat: -0.5633, lng: 34.9358 },
        { name: 'Nyansiongo', lat: -0.7596, lng: 35.0148 },
        { name: 'Kebirigo', lat: -0.6029, lng: 34.9612 },
      ],
    },
    {
      name: 'Nairobi',
      lat: -1.2864,
      lng: 36.8172,
      villages: [
        { name: 'Gikomba', lat: -1.2847, lng: 36.8386 },
        { name: 'Kangemi', lat: -1.2656, lng: 36.7475 },
        { name: 'Dagoretti', lat: -1.3, lng: 36.72 },
      ],
    },
  ],

  // Tanzania: the 31 regions (26 on the mainland, 5 in Zanzibar); Zanzibar's regions under their official names.
  TZ: [
    {
      name: 'Arusha',
      lat: -3.3869,
      lng: 36.683,
      villages: [
        { name: 'Karatu', lat: -3.3369, lng: 35.6717 },
        { name: 'Usa River', lat: -3.3667, lng: 36.85 },
        { name: 'Mto wa Mbu', lat: -3.35, lng: 35.85 },
      ],
    },
    {
      name: 'Dar es Salaam',
      lat: -6.7924,
      lng: 39.2083,
      villages: [
        { name: 'Kariakoo', lat: -6.8183, lng: 39.2733 },
        { name: 'Tandale', lat: -6.7925, lng: 39.2467 },
        { name: 'Mbagala', lat: -6.9, lng: 39.2667 },
      ],
    },
    {
      name: 'Dodoma',
      lat: -6.163,
      lng: 35.7516,
      villages: [
        { name: 'Kondoa', lat: -4.9, lng: 35.7833 },
        { name: 'Mpwapwa', lat: -6.35, lng: 36.4833 },
        { name: 'Kongwa', lat: -6.2, lng: 36.4167 },
      ],
    },
    {
      name: 'Geita',
      lat: -2.8725,
      lng: 32.2294,
      villages: [
        { name: 'Chato', lat: -2.6378, lng: 31.7667 },
        { name: 'Katoro', lat: -2.9998, lng: 31.9326 },
        { name: 'Ushirombo', lat: -3.4919, lng: 31.9639 },
      ],
    },
    {
      name: 'Iringa',
      lat: -7.77,
      lng: 35.69,
      villages: [
        { name: 'Mafinga', lat: -8.3, lng: 35.3 },
        { name: 'Ilula', lat: -7.6833, lng: 36.0333 },
        { name: 'Kalenga', lat: -7.8667, lng: 35.5833 },
      ],
    },
    {
      name: 'Kagera',
      lat: -1.3317,
      lng: 31.8122,
      villages: [
        { name: 'Muleba', lat: -1.8333, lng: 31.65 },
        { name: 'Ngara', lat: -2.5167, lng: 30.65 },
        { name: 'Biharamulo', lat: -2.6333, lng: 31.3167 },
      ],
    },
    {
      name: 'Katavi',
      lat: -6.35,
      lng: 31.0667,
      villages: [
        { name: 'Inyonga', lat: -6.7167, lng: 32.05 },
        { name: 'Usevia', lat: -7.1, lng: 31.2333 },
        { name: 'Karema', lat: -6.8167, lng: 30.4333 },
      ],
    },
    {
      name: 'Kigoma',
      lat: -4.8769,
      lng: 29.6267,
      villages: [
        { name: 'Kasulu', lat: -4.5667, lng: 30.1 },
        { name: 'Kibondo', lat: -3.5833, lng: 30.7 },
        { name: 'Uvinza', lat: -5.1, lng: 30.3833 },
      ],
    },
    {
      name: 'Kilimanjaro',
      lat: -3.3349,
      lng: 37.3404,
      villages: [
        { name: 'Himo', lat: -3.3833, lng: 37.55 },
        { name: 'Same', lat: -4.0667, lng: 37.7333 },
        { name: 'Mwanga', lat: -3.6667, lng: 37.5833 },
      ],
    },
    {
      name: 'Lindi',
      lat: -9.9969,
      lng: 39.7144,
      villages: [
        { name: 'Nachingwea', lat: -10.3833, lng: 38.7667 },
        { name: 'Ruangwa', lat: -10.0667, lng: 38.9333 },
        { name: 'Kilwa Masoko', lat: -8.9333, lng: 39.5167 },
      ],
    },
    {
      name: 'Manyara',
      lat: -4.2117,
      lng: 35.7475,
      villages: [
        { name: 'Mbulu', lat: -3.85, lng: 35.5333 },
        { name: 'Katesh', lat: -4.5167, lng: 35.3833 },
        { name: 'Magugu', lat: -4.0167, lng: 35.7667 },
      ],
    },
    {
      name: 'Mara',
      lat: -1.5,
      lng: 33.8,
      villages: [
        { name: 'Tarime', lat: -1.35, lng: 34.3667 },
        { name: 'Bunda', lat: -2.0215, lng: 33.8711 },
        { name: 'Mugumu', lat: -1.8667, lng: 34.7 },
      ],
    },
    {
      name: 'Mbeya',
      lat: -8.9,
      lng: 33.45,
      villages: [
        { name: 'Tukuyu', lat: -9.25, lng: 33.65 },
        { name: 'Kyela', lat: -9.5833, lng: 33.8667 },
        { name: 'Rujewa', lat: -8.7, lng: 34.3833 },
      ],
    },
    {
      name: 'Morogoro',
      lat: -6.8211,
      lng: 37.6611,
      villages: [
        { name: 'Ifakara', lat: -8.1333, lng: 36.6833 },
        { name: 'Kilosa', lat: -6.8333, lng: 36.9833 },
        { name: 'Kidatu', lat: -7.6992, lng: 36.9572 },
      ],
    },
    {
      name: 'Mtwara',
      lat: -10.2667,
      lng: 40.1833,
      villages: [
        { name: 'Newala', lat: -10.9333, lng: 39.2833 },
        { name: 'Masasi', lat: -10.7167, lng: 38.8 },
        { name: 'Tandahimba', lat: -10.75, lng: 39.6333 },
      ],
    },
    {
      name: 'Mwanza',
      lat: -2.5164,
      lng: 32.9175,
      villages: [
        { name: 'Sengerema', lat: -2.65, lng: 32.6333 },
        { name: 'Misungwi', lat: -2.85, lng: 33.0833 },
        { name: 'Magu', lat: -2.5833, lng: 33.4333 },
      ],
    },
    {
      name: 'Njombe',
      lat: -9.3492,
      lng: 34.7717,
      villages: [
        { name: 'Makambako', lat: -8.85, lng: 34.8333 },
        { name: 'Mlangali', lat: -9.7833, lng: 34.5167 },
        { name: 'Ilembula', lat: -8.9, lng: 34.5833 },
      ],
    },
    {
      name: 'Pwani',
      lat: -6.7667,
      lng: 38.9167,
      villages: [
        { name: 'Bagamoyo', lat: -6.4333, lng: 38.9 },
        { name: 'Chalinze', lat: -6.6333, lng: 38.35 },
        { name: 'Mkuranga', lat: -7.1167, lng: 39.2 },
      ],
    },
    {
      name: 'Rukwa',
      lat: -7.9667,
      lng: 31.6167,
      villages: [
        { name: 'Namanyere', lat: -7.5167, lng: 31.05 },
        { name: 'Laela', lat: -8.5667, lng: 32.05 },
        { name: 'Matai', lat: -8.3, lng: 31.5167 },
      ],
    },
    {
      name: 'Ruvuma',
      lat: -10.6833,
      lng: 35.65,
      villages: [
        { name: 'Mbinga', lat: -10.9333, lng: 35.0167 },
        { name: 'Tunduru', lat: -11.1, lng: 37.35 },
        { name: 'Kigonsera', lat: -10.8, lng: 35.05 },
      ],
    },
    {
      name: 'Shinyanga',
      lat: -3.6619,
      lng: 33.4232,
      villages: [
        { name: 'Kahama', lat: -3.8333, lng: 32.6 },
        { name: 'Tinde', lat: -3.8833, lng: 33.2 },
        { name: 'Isaka', lat: -3.9, lng: 32.9333 },
      ],
    },
    {
      name: 'Simiyu',
      lat: -2.8,
      lng: 33.9833,
      villages: [
        { name: 'Maswa', lat: -3.1833, lng: 33.7833 },
        { name: 'Lamadi', lat: -2.25, lng: 33.85 },
        { name: 'Mwanhuzi', lat: -3.5272, lng: 34.3151 },
      ],
    },
    {
      name: 'Singida',
      lat: -4.8167,
      lng: 34.75,
      villages: [
        { name: 'Manyoni', lat: -5.75, lng: 34.8333 },
        { name: 'Itigi', lat: -5.7, lng: 34.4833 },
        { name: 'Kiomboi', lat: -4.2667, lng: 34.35 },
      ],
    },
    {
      name: 'Songwe',
      lat: -9.1,
      lng: 32.9333,
      villages: [
        { name: 'Tunduma', lat: -9.3, lng: 32.7667 },
        { name: 'Mlowo', lat: -9.0, lng: 32.9833 },
        { name: 'Vwawa', lat: -9.1, lng: 32.9333 },
      ],
    },
    {
      name: 'Tabora',
      lat: -5.0167,
      lng: 32.8,
      villages: [
        { name: 'Urambo', lat: -5.0667, lng: 32.0333 },
        { name: 'Nzega', lat: -4.2167, lng: 33.1833 },
        { name: 'Sikonge', lat: -5.6333, lng: 32.7667 },
      ],
    },
    {
      name: 'Tanga',
      lat: -5.0689,
      lng: 39.0988,
      villages: [
        { name: 'Lushoto', lat: -4.7833, lng: 38.2833 },
        { name: 'Korogwe', lat: -5.15, lng: 38.4667 },
        { name: 'Muheza', lat: -5.1667, lng: 38.7833 },
      ],
    },
    {
      name: 'Kaskazini Pemba',
      lat: -5.0567,
      lng: 39.7283,
      villages: [
        { name: 'Wete', lat: -5.0567, lng: 39.7283 },
        { name: 'Konde', lat: -4.95, lng: 39.75 },
        { name: 'Micheweni', lat: -4.9667, lng: 39.8333 },
      ],
    },
    {
      name: 'Kusini Pemba',
      lat: -5.2459,
      lng: 39.7666,
      villages: [
        { name: 'Chake Chake', lat: -5.2459, lng: 39.7666 },
        { name: 'Mkoani', lat: -5.3667, lng: 39.6333 },
        { name: 'Mtambile', lat: -5.3833, lng: 39.7 },
      ],
    },
    {
      name: 'Kaskazini Unguja',
      lat: -5.8833,
      lng: 39.25,
      villages: [
        { name: 'Mkokotoni', lat: -5.8833, lng: 39.25 },
        { name: 'Nungwi', lat: -5.7264, lng: 39.2981 },
        { name: 'Kiwengwa', lat: -5.9896, lng: 39.3768 },
      ],
    },
    {
      name: 'Kusini Unguja',
      lat: -6.25,
      lng: 39.45,
      villages: [
        { name: 'Makunduchi', lat: -6.4167, lng: 39.55 },
        { name: 'Paje', lat: -6.2667, lng: 39.5333 },
        { name: 'Kizimkazi', lat: -6.4333, lng: 39.4667 },
      ],
    },
    {
      name: 'Mjini Magharibi',
      lat: -6.1659,
      lng: 39.2026,
      villages: [
        { name: 'Darajani', lat: -6.1611, lng: 39.1925 },
        { name: 'Mwanakwerekwe', lat: -6.2, lng: 39.2167 },
        { name: 'Bububu', lat: -6.1, lng: 39.2167 },
      ],
    },
  ],

  // Uganda: the four statistical regions.
  UG: [
    {
      name: 'Central',
      names: { sw: 'Kati', fr: 'Centre' },
      lat: 0.3476,
      lng: 32.5825,
      villages: [
        { name: 'Mukono', lat: 0.3533, lng: 32.7553 },
        { name: 'Masaka', lat: -0.3333, lng: 31.7333 },
        { name: 'Mityana', lat: 0.4175, lng: 32.0228 },
        { name: 'Luweero', lat: 0.8492, lng: 32.4731 },
        { name: 'Mubende', lat: 0.5667, lng: 31.3833 },
        { name: 'Kayunga', lat: 0.7025, lng: 32.8886 },
      ],
    },
    {
      name: 'Eastern',
      names: { sw: 'Mashariki', fr: 'Est' },
      lat: 1.0806,
      lng: 34.175,
      villages: [
        { name: 'Mbale', lat: 1.0806, lng: 34.175 },
        { name: 'Iganga', lat: 0.6092, lng: 33.4686 },
        { name: 'Soroti', lat: 1.7147, lng: 33.6111 },
        { name: 'Tororo', lat: 0.6928, lng: 34.1808 },
        { name: 'Kapchorwa', lat: 1.4, lng: 34.45 },
        { name: 'Kamuli', lat: 0.945, lng: 33.125 },
      ],
    },
    {
      name: 'Northern',
      names: { sw: 'Kaskazini', fr: 'Nord' },
      lat: 2.7747,
      lng: 32.299,
      villages: [
        { name: 'Gulu', lat: 2.7747, lng: 32.299 },
        { name: 'Lira', lat: 2.2499, lng: 32.8999 },
        { name: 'Arua', lat: 3.0201, lng: 30.9111 },
        { name: 'Kitgum', lat: 3.2783, lng: 32.8867 },
        { name: 'Apac', lat: 1.9756, lng: 32.5386 },
        { name: 'Nebbi', lat: 2.4783, lng: 31.0889 },
      ],
    },
    {
      name: 'Western',
      names: { sw: 'Magharibi', fr: 'Ouest' },
      lat: -0.6072,
      lng: 30.6545,
      villages: [
        { name: 'Kabale', lat: -1.2486, lng: 29.9899 },
        { name: 'Fort Portal', lat: 0.671, lng: 30.275 },
        { name: 'Hoima', lat: 1.4331, lng: 31.3524 },
        { name: 'Kasese', lat: 0.1833, lng: 30.0833 },
        { name: 'Bushenyi', lat: -0.537, lng: 30.1858 },
        { name: 'Masindi', lat: 1.6744, lng: 31.715 },
      ],
    },
  ],

  // Rwanda: the City of Kigali and the four provinces (English names).
  RW: [
    {
      name: 'Kigali',
      lat: -1.9441,
      lng: 30.0619,
      villages: [
        { name: 'Nyabugogo', lat: -1.9394, lng: 30.0444 },
        { name: 'Kimironko', lat: -1.9356, lng: 30.1033 },
        { name: 'Nyamirambo', lat: -1.9783, lng: 30.0444 },
        { name: 'Kicukiro', lat: -1.97, lng: 30.1044 },
        { name: 'Gikondo', lat: -1.975, lng: 30.075 },
        { name: 'Kabuga', lat: -1.97, lng: 30.22 },
      ],
    },
    {
      name: 'Northern',
      names: { sw: 'Kaskazini', fr: 'Nord' },
      lat: -1.5764,
      lng: 30.0675,
      villages: [
        { name: 'Musanze', lat: -1.4997, lng: 29.635 },
        { name: 'Kinigi', lat: -1.43, lng: 29.59 },
        { name: 'Byumba', lat: -1.5764, lng: 30.0675 },
        { name: 'Gakenke', lat: -1.6944, lng: 29.7847 },
        { name: 'Busogo', lat: -1.5584, lng: 29.5434 },
        { name: 'Shyorongi', lat: -1.8544, lng: 29.9624 },
      ],
    },
    {
      name: 'Southern',
      names: { sw: 'Kusini', fr: 'Sud' },
      lat: -2.3519,
      lng: 29.7509,
      villages: [
        { name: 'Huye', lat: -2.5967, lng: 29.7394 },
        { name: 'Muhanga', lat: -2.0744, lng: 29.7567 },
        { name: 'Nyanza', lat: -2.3519, lng: 29.7509 },
        { name: 'Nyamagabe', lat: -2.464, lng: 29.5739 },
        { name: 'Ruhango', lat: -2.2333, lng: 29.7833 },
        { name: 'Mugina', lat: -2.1057, lng: 29.9417 },
      ],
    },
    {
      name: 'Eastern',
      names: { sw: 'Mashariki', fr: 'Est' },
      lat: -1.9486,
      lng: 30.4347,
      villages: [
        { name: 'Rwamagana', lat: -1.9486, lng: 30.4347 },
        { name: 'Kayonza', lat: -1.9509, lng: 30.5205 },
        { name: 'Nyagatare', lat: -1.2978, lng: 30.3269 },
        { name: 'Kibungo', lat: -2.1597, lng: 30.5428 },
        { name: 'Gahini', lat: -1.8406, lng: 30.4816 },
        { name: 'Nyamata', lat: -2.2042, lng: 30.1449 },
      ],
    },
    {
      name: 'Western',
      names: { sw: 'Magharibi', fr: 'Ouest' },
      lat: -2.0603,
      lng: 29.3478,
      villages: [
        { name: 'Rubavu', lat: -1.7028, lng: 29.2564 },
        { name: 'Karongi', lat: -2.0603, lng: 29.3478 },
        { name: 'Rusizi', lat: -2.4846, lng: 28.9075 },
        { name: 'Mukamira', lat: -1.6111, lng: 29.4969 },
        { name: 'Ngororero', lat: -1.865, lng: 29.625 },
        { name: 'Bugarama', lat: -2.6924, lng: 29.0077 },
      ],
    },
  ],

  // Nigeria: the 36 states and the Federal Capital Territory (centre: the state capital).
  NG: [
    {
      name: 'Abia',
      lat: 5.532,
      lng: 7.486,
      villages: [
        { name: 'Aba', lat: 5.1066, lng: 7.3667 },
        { name: 'Ohafia', lat: 5.6167, lng: 7.8333 },
        { name: 'Umudike', lat: 5.4833, lng: 7.55 },
      ],
    },
    {
      name: 'Adamawa',
      lat: 9.2035,
      lng: 12.4954,
      villages: [
        { name: 'Mubi', lat: 10.2676, lng: 13.2644 },
        { name: 'Numan', lat: 9.4667, lng: 12.0333 },
        { name: 'Ganye', lat: 8.4333, lng: 12.05 },
      ],
    },
    {
      name: 'Akwa Ibom',
      lat: 5.0377,
      lng: 7.9128,
      villages: [
        { name: 'Ikot Ekpene', lat: 5.1833, lng: 7.7167 },
        { name: 'Eket', lat: 4.65, lng: 7.9333 },
        { name: 'Abak', lat: 4.9833, lng: 7.7833 },
      ],
    },
    {
      name: 'Anambra',
      lat: 6.2104,
      lng: 7.0742,
      villages: [
        { name: 'Onitsha', lat: 6.1667, lng: 6.7833 },
        { name: 'Nnewi', lat: 6.0167, lng: 6.9167 },
        { name: 'Otuocha', lat: 6.3333, lng: 6.85 },
      ],
    },
    {
      name: 'Bauchi',
      lat: 10.3158,
      lng: 9.8442,
      villages: [
        { name: 'Azare', lat: 11.6765, lng: 10.1948 },
        { name: 'Misau', lat: 11.3167, lng: 10.4667 },
        { name: 'Alkaleri', lat: 10.2667, lng: 10.3333 },
      ],
    },
    {
      name: 'Bayelsa',
      lat: 4.9267,
      lng: 6.2676,
      villages: [
        { name: 'Sagbama', lat: 5.1667, lng: 6.2 },
        { name: 'Kaiama', lat: 5.1167, lng: 6.3 },
        { name: 'Ogbia', lat: 4.6833, lng: 6.3167 },
      ],
    },
    {
      name: 'Benue',
      lat: 7.7337,
      lng: 8.5214,
      villages: [
        { name: 'Gboko', lat: 7.3167, lng: 9.0 },
        { name: 'Otukpo', lat: 7.1906, lng: 8.13 },
        { name: 'Zaki Biam', lat: 7.5, lng: 9.6167 },
      ],
    },
    {
      name: 'Borno',
      lat: 11.8333,
      lng: 13.15,
      villages: [
        { name: 'Biu', lat: 10.6111, lng: 12.195 },
        { name: 'Bama', lat: 11.5167, lng: 13.6833 },
        { name: 'Monguno', lat: 12.6667, lng: 13.6167 },
      ],
    },
    {
      name: 'Cross River',
      lat: 4.9589,
      lng: 8.3269,
      villages: [
        { name: 'Ikom', lat: 5.9667, lng: 8.7167 },
        { name: 'Ogoja', lat: 6.6667, lng: 8.8 },
        { name: 'Ugep', lat: 5.8, lng: 8.0833 },
      ],
    },
    {
      name: 'Delta',
      lat: 6.1987,
      lng: 6.7307,
      villages: [
        { name: 'Agbor', lat: 6.25, lng: 6.2 },
        { name: 'Ughelli', lat: 5.5, lng: 5.9833 },
        { name: 'Sapele', lat: 5.8833, lng: 5.6833 },
      ],
    },
    {
      name: 'Ebonyi',
      lat: 6.3249,
      lng: 8.1137,
      villages: [
        { name: 'Afikpo', lat: 5.8833, lng: 7.9333 },
        { name: 'Ezillo', lat: 6.4293, lng: 7.8179 },
        { name: 'Onueke', lat: 6.15, lng: 8.0333 },
      ],
    },
    {
      name: 'Edo',
      lat: 6.335,
      lng: 5.6037,
      villages: [
        { name: 'Auchi', lat: 7.0667, lng: 6.2667 },
        { name: 'Ekpoma', lat: 6.75, lng: 6.1333 },
        { name: 'Uromi', lat: 6.7, lng: 6.3333 },
      ],
    },
    {
      name: 'Ekiti',
      lat: 7.6211,
      lng: 5.2214,
      villages: [
        { name: 'Ikere-Ekiti', lat: 7.5, lng: 5.2333 },
        { name: 'Ikole-Ekiti', lat: 7.8, lng: 5.5167 },
        { name: 'Ise-Ekiti', lat: 7.4667, lng: 5.4167 },
      ],
    },
    {
      name: 'Enugu',
      lat: 6.4584,
      lng: 7.5464,
      villages: [
        { name: 'Nsukka', lat: 6.8567, lng: 7.3958 },
        { name: 'Oji River', lat: 6.2667, lng: 7.2667 },
        { name: 'Udi', lat: 6.3167, lng: 7.4167 },
      ],
    },
    {
      name: 'Gombe',
      lat: 10.2897,
      lng: 11.1673,
      villages: [
        { name: 'Kumo', lat: 10.05, lng: 11.2167 },
        { name: 'Billiri', lat: 9.8667, lng: 11.2333 },
        { name: 'Dukku', lat: 10.8167, lng: 10.7667 },
      ],
    },
    {
      name: 'Imo',
      lat: 5.4836,
      lng: 7.0333,
      villages: [
        { name: 'Orlu', lat: 5.7833, lng: 7.0333 },
        { name: 'Okigwe', lat: 5.8333, lng: 7.35 },
        { name: 'Oguta', lat: 5.7167, lng: 6.8 },
      ],
    },
    {
      name: 'Jigawa',
      lat: 11.7564,
      lng: 9.3386,
      villages: [
        { name: 'Hadejia', lat: 12.45, lng: 10.0411 },
        { name: 'Kazaure', lat: 12.65, lng: 8.4167 },
        { name: 'Gumel', lat: 12.6333, lng: 9.3833 },
      ],
    },
    {
      name: 'Kaduna',
      lat: 10.5105,
      lng: 7.4165,
      villages: [
        { name: 'Zaria', lat: 11.0855, lng: 7.7199 },
        { name: 'Kafanchan', lat: 9.5833, lng: 8.2833 },
        { name: 'Saminaka', lat: 10.4167, lng: 8.6833 },
      ],
    },
    {
      name: 'Kano',
      lat: 12.0022,
      lng: 8.592,
      villages: [
        { name: 'Dawanau', lat: 12.07, lng: 8.46 },
        { name: 'Kura', lat: 11.7667, lng: 8.4333 },
        { name: 'Wudil', lat: 11.8167, lng: 8.85 },
      ],
    },
    {
      name: 'Katsina',
      lat: 12.9908,
      lng: 7.6018,
      villages: [
        { name: 'Funtua', lat: 11.5233, lng: 7.3081 },
        { name: 'Daura', lat: 13.0333, lng: 8.3167 },
        { name: 'Malumfashi', lat: 11.7833, lng: 7.6167 },
      ],
    },
    {
      name: 'Kebbi',
      lat: 12.4539,
      lng: 4.1975,
      villages: [
        { name: 'Argungu', lat: 12.7448, lng: 4.5251 },
        { name: 'Jega', lat: 12.2167, lng: 4.3833 },
        { name: 'Zuru', lat: 11.4333, lng: 5.2333 },
      ],
    },
    {
      name: 'Kogi',
      lat: 7.8023,
      lng: 6.7333,
      villages: [
        { name: 'Idah', lat: 7.1, lng: 6.7333 },
        { name: 'Kabba', lat: 7.8333, lng: 6.0667 },
        { name: 'Ankpa', lat: 7.4025, lng: 7.632 },
      ],
    },
    {
      name: 'Kwara',
      lat: 8.4966,
      lng: 4.5421,
      villages: [
        { name: 'Offa', lat: 8.15, lng: 4.7167 },
        { name: 'Omu-Aran', lat: 8.1333, lng: 5.1 },
        { name: 'Patigi', lat: 8.7333, lng: 5.75 },
      ],
    },
    {
      name: 'Lagos',
      lat: 6.6018,
      lng: 3.3515,
      villages: [
        { name: 'Mile 12', lat: 6.6073, lng: 3.397 },
        { name: 'Ikorodu', lat: 6.6194, lng: 3.5105 },
        { name: 'Epe', lat: 6.5833, lng: 3.9833 },
      ],
    },
    {
      name: 'Nasarawa',
      lat: 8.4939,
      lng: 8.5153,
      villages: [
        { name: 'Keffi', lat: 8.8486, lng: 7.8736 },
        { name: 'Akwanga', lat: 8.9167, lng: 8.3833 },
        { name: 'Doma', lat: 8.3833, lng: 8.35 },
      ],
    },
    {
      name: 'Niger',
      lat: 9.6139,
      lng: 6.5569,
      villages: [
        { name: 'Bida', lat: 9.0833, lng: 6.0167 },
        { name: 'Kontagora', lat: 10.4, lng: 5.4667 },
        { name: 'Mokwa', lat: 9.2833, lng: 5.05 },
      ],
    },
    {
      name: 'Ogun',
      lat: 7.1475,
      lng: 3.3619,
      villages: [
        { name: 'Ijebu-Ode', lat: 6.8167, lng: 3.9167 },
        { name: 'Ilaro', lat: 6.8833, lng: 3.0167 },
        { name: 'Sagamu', lat: 6.8333, lng: 3.65 },
      ],
    },
    {
      name: 'Ondo',
      lat: 7.2526,
      lng: 5.1931,
      villages: [
        { name: 'Owo', lat: 7.1961, lng: 5.5867 },
        { name: 'Ondo', lat: 7.1, lng: 4.8333 },
        { name: 'Idanre', lat: 7.1167, lng: 5.1167 },
      ],
    },
    {
      name: 'Osun',
      lat: 7.7719,
      lng: 4.5567,
      villages: [
        { name: 'Ile-Ife', lat: 7.4667, lng: 4.5667 },
        { name: 'Ilesa', lat: 7.6167, lng: 4.7333 },
        { name: 'Iwo', lat: 7.6333, lng: 4.1833 },
      ],
    },
    {
      name: 'Oyo',
      lat: 7.3775,
      lng: 3.947,
      villages: [
        { name: 'Ogbomosho', lat: 8.1333, lng: 4.25 },
        { name: 'Iseyin', lat: 7.9667, lng: 3.6 },
        { name: 'Saki', lat: 8.6667, lng: 3.3833 },
      ],
    },
    {
      name: 'Plateau',
      lat: 9.8965,
      lng: 8.8583,
      villages: [
        { name: 'Barkin Ladi', lat: 9.5333, lng: 8.9 },
        { name: 'Pankshin', lat: 9.3333, lng: 9.45 },
        { name: 'Shendam', lat: 8.8833, lng: 9.5333 },
      ],
    },
    {
      name: 'Rivers',
      lat: 4.8156,
      lng: 7.0498,
      villages: [
        { name: 'Omoku', lat: 5.3333, lng: 6.6667 },
        { name: 'Ahoada', lat: 5.0833, lng: 6.65 },
        { name: 'Bori', lat: 4.6667, lng: 7.3667 },
      ],
    },
    {
      name: 'Sokoto',
      lat: 13.0059,
      lng: 5.2476,
      villages: [
        { name: 'Goronyo', lat: 13.4333, lng: 5.6667 },
        { name: 'Tambuwal', lat: 12.4, lng: 4.65 },
        { name: 'Illela', lat: 13.7333, lng: 5.3 },
      ],
    },
    {
      name: 'Taraba',
      lat: 8.8937,
      lng: 11.3596,
      villages: [
        { name: 'Wukari', lat: 7.85, lng: 9.7833 },
        { name: 'Donga', lat: 7.7218, lng: 10.0453 },
        { name: 'Gembu', lat: 6.7, lng: 11.25 },
      ],
    },
    {
      name: 'Yobe',
      lat: 11.747,
      lng: 11.9608,
      villages: [
        { name: 'Potiskum', lat: 11.7128, lng: 11.078 },
        { name: 'Gashua', lat: 12.8667, lng: 11.05 },
        { name: 'Nguru', lat: 12.8792, lng: 10.4526 },
      ],
    },
    {
      name: 'Zamfara',
      lat: 12.1628,
      lng: 6.6614,
      villages: [
        { name: 'Kaura Namoda', lat: 12.6, lng: 6.5833 },
        { name: 'Talata Mafara', lat: 12.5667, lng: 6.0667 },
        { name: 'Tsafe', lat: 11.95, lng: 6.9167 },
      ],
    },
    {
      name: 'Federal Capital Territory',
      names: { sw: 'Eneo la Mji Mkuu wa Shirikisho', fr: 'Territoire de la capitale fédérale' },
      lat: 9.0765,
      lng: 7.3986,
      villages: [
        { name: 'Gwagwalada', lat: 8.9417, lng: 7.0833 },
        { name: 'Kuje', lat: 8.8792, lng: 7.2275 },
        { name: 'Bwari', lat: 9.2833, lng: 7.3833 },
      ],
    },
  ],

  // Ghana: the 16 regions (since 2018–2019).
  GH: [
    {
      name: 'Ahafo',
      lat: 6.8036,
      lng: -2.5172,
      villages: [
        { name: 'Bechem', lat: 7.0833, lng: -2.0167 },
        { name: 'Duayaw Nkwanta', lat: 7.1667, lng: -2.1 },
        { name: 'Mim', lat: 6.9041, lng: -2.5611 },
      ],
    },
    {
      name: 'Ashanti',
      lat: 6.6885,
      lng: -1.6244,
      villages: [
        { name: 'Ejura', lat: 7.3833, lng: -1.3667 },
        { name: 'Offinso', lat: 6.9167, lng: -1.65 },
        { name: 'Konongo', lat: 6.6167, lng: -1.2167 },
      ],
    },
    {
      name: 'Bono',
      lat: 7.3349,
      lng: -2.3123,
      villages: [
        { name: 'Berekum', lat: 7.45, lng: -2.5833 },
        { name: 'Dormaa Ahenkro', lat: 7.2833, lng: -2.8667 },
        { name: 'Wenchi', lat: 7.7333, lng: -2.1 },
      ],
    },
    {
      name: 'Bono East',
      names: { sw: 'Bono Mashariki', fr: 'Bono oriental' },
      lat: 7.5833,
      lng: -1.9333,
      villages: [
        { name: 'Techiman', lat: 7.5833, lng: -1.9333 },
        { name: 'Kintampo', lat: 8.05, lng: -1.7333 },
        { name: 'Atebubu', lat: 7.75, lng: -0.9833 },
      ],
    },
    {
      name: 'Central',
      names: { sw: 'Kati', fr: 'Centre' },
      lat: 5.1053,
      lng: -1.2466,
      villages: [
        { name: 'Assin Fosu', lat: 5.7, lng: -1.2667 },
        { name: 'Mankessim', lat: 5.2667, lng: -1.0167 },
        { name: 'Twifo Praso', lat: 5.6167, lng: -1.55 },
      ],
    },
    {
      name: 'Eastern',
      names: { sw: 'Mashariki', fr: 'Est' },
      lat: 6.094,
      lng: -0.2591,
      villages: [
        { name: 'Nkawkaw', lat: 6.55, lng: -0.7667 },
        { name: 'Akim Oda', lat: 5.9333, lng: -0.9833 },
        { name: 'Suhum', lat: 6.0333, lng: -0.45 },
      ],
    },
    {
      name: 'Greater Accra',
      names: { sw: 'Accra Kuu', fr: 'Grand Accra' },
      lat: 5.6037,
      lng: -0.187,
      villages: [
        { name: 'Dodowa', lat: 5.8833, lng: -0.1 },
        { name: 'Ashaiman', lat: 5.7, lng: -0.0333 },
        { name: 'Ada Foah', lat: 5.7833, lng: 0.6333 },
      ],
    },
    {
      name: 'North East',
      names: { sw: 'Kaskazini Mashariki', fr: 'Nord-Est' },
      lat: 10.5261,
      lng: -0.3683,
      villages: [
        { name: 'Gambaga', lat: 10.5333, lng: -0.4333 },
        { name: 'Walewale', lat: 10.35, lng: -0.8 },
        { name: 'Chereponi', lat: 10.1333, lng: 0.2833 },
      ],
    },
    {
      name: 'Northern',
      names: { sw: 'Kaskazini', fr: 'Nord' },
      lat: 9.4008,
      lng: -0.8393,
      villages: [
        { name: 'Yendi', lat: 9.4427, lng: -0.0099 },
        { name: 'Savelugu', lat: 9.6167, lng: -0.8333 },
        { name: 'Bimbilla', lat: 8.85, lng: 0.0667 },
      ],
    },
    {
      name: 'Oti',
      lat: 8.0667,
      lng: 0.1833,
      villages: [
        { name: 'Nkwanta', lat: 8.2667, lng: 0.5167 },
        { name: 'Kete Krachi', lat: 7.8, lng: -0.05 },
        { name: 'Jasikan', lat: 7.4, lng: 0.4667 },
      ],
    },
    {
      name: 'Savannah',
      names: { sw: 'Savana', fr: 'Savane' },
      lat: 9.0833,
      lng: -1.8167,
      villages: [
        { name: 'Bole', lat: 9.03, lng: -2.5069 },
        { name: 'Salaga', lat: 8.55, lng: -0.5167 },
        { name: 'Buipe', lat: 8.7833, lng: -1.4667 },
      ],
    },
    {
      name: 'Upper East',
      names: { sw: 'Mashariki ya Juu', fr: 'Haut Ghana oriental' },
      lat: 10.7856,
      lng: -0.8514,
      villages: [
        { name: 'Navrongo', lat: 10.8956, lng: -1.0921 },
        { name: 'Bawku', lat: 11.0616, lng: -0.2417 },
        { name: 'Zebilla', lat: 10.95, lng: -0.4667 },
      ],
    },
    {
      name: 'Upper West',
      names: { sw: 'Magharibi ya Juu', fr: 'Haut Ghana occidental' },
      lat: 10.0601,
      lng: -2.5099,
      villages: [
        { name: 'Tumu', lat: 10.8833, lng: -1.9833 },
        { name: 'Lawra', lat: 10.65, lng: -2.9 },
        { name: 'Jirapa', lat: 10.5333, lng: -2.7 },
      ],
    },
    {
      name: 'Volta',
      lat: 6.6,
      lng: 0.4667,
      villages: [
        { name: 'Hohoe', lat: 7.15, lng: 0.4667 },
        { name: 'Kpando', lat: 6.9833, lng: 0.2833 },
        { name: 'Anloga', lat: 5.8, lng: 0.9 },
      ],
    },
    {
      name: 'Western',
      names: { sw: 'Magharibi', fr: 'Ouest' },
      lat: 4.8845,
      lng: -1.7554,
      villages: [
        { name: 'Tarkwa', lat: 5.3, lng: -1.9833 },
        { name: 'Axim', lat: 4.8667, lng: -2.2333 },
        { name: 'Prestea', lat: 5.4333, lng: -2.1333 },
      ],
    },
    {
      name: 'Western North',
      names: { sw: 'Magharibi Kaskazini', fr: 'Ouest-Nord' },
      lat: 6.2,
      lng: -2.4833,
      villages: [
        { name: 'Bibiani', lat: 6.4667, lng: -2.3167 },
        { name: 'Juaboso', lat: 6.3333, lng: -2.8421 },
        { name: 'Enchi', lat: 5.8167, lng: -2.8167 },
      ],
    },
  ],

  // Côte d'Ivoire: the 12 districts and the 2 autonomous districts (Abidjan, Yamoussoukro), official French names.
  CI: [
    {
      name: 'Abidjan',
      lat: 5.36,
      lng: -4.0083,
      villages: [
        { name: 'Adjamé', lat: 5.3667, lng: -4.0167 },
        { name: 'Anyama', lat: 5.4833, lng: -4.05 },
        { name: 'Bingerville', lat: 5.35, lng: -3.9 },
      ],
    },
    {
      name: 'Bas-Sassandra',
      lat: 4.7485,
      lng: -6.6363,
      villages: [
        { name: 'Soubré', lat: 5.7856, lng: -6.6083 },
        { name: 'Méagui', lat: 5.4, lng: -6.55 },
        { name: 'Sassandra', lat: 4.95, lng: -6.0833 },
      ],
    },
    {
      name: 'Comoé',
      lat: 6.7297,
      lng: -3.4964,
      villages: [
        { name: 'Aboisso', lat: 5.4667, lng: -3.2 },
        { name: 'Agnibilékrou', lat: 7.1333, lng: -3.2 },
        { name: 'Adiaké', lat: 5.2833, lng: -3.3 },
      ],
    },
    {
      name: 'Denguélé',
      lat: 9.5,
      lng: -7.5667,
      villages: [
        { name: 'Madinani', lat: 9.6167, lng: -6.95 },
        { name: 'Samatiguila', lat: 9.8167, lng: -7.5667 },
        { name: 'Minignan', lat: 9.9944, lng: -7.8358 },
      ],
    },
    {
      name: 'Gôh-Djiboua',
      lat: 6.1319,
      lng: -5.9506,
      villages: [
        { name: 'Divo', lat: 5.8372, lng: -5.3572 },
        { name: 'Lakota', lat: 5.85, lng: -5.6833 },
        { name: 'Oumé', lat: 6.3833, lng: -5.4167 },
      ],
    },
    {
      name: 'Lacs',
      lat: 6.65,
      lng: -4.7,
      villages: [
        { name: 'Bongouanou', lat: 6.65, lng: -4.2 },
        { name: 'Daoukro', lat: 7.05, lng: -3.9667 },
        { name: 'Toumodi', lat: 6.55, lng: -5.0167 },
      ],
    },
    {
      name: 'Lagunes',
      lat: 5.3256,
      lng: -4.3767,
      villages: [
        { name: 'Agboville', lat: 5.9333, lng: -4.2167 },
        { name: 'Adzopé', lat: 6.1, lng: -3.8667 },
        { name: 'Tiassalé', lat: 5.9, lng: -4.8333 },
      ],
    },
    {
      name: 'Montagnes',
      lat: 7.4125,
      lng: -7.5538,
      villages: [
        { name: 'Danané', lat: 7.2667, lng: -8.15 },
        { name: 'Duékoué', lat: 6.7333, lng: -7.35 },
        { name: 'Guiglo', lat: 6.5333, lng: -7.4833 },
      ],
    },
    {
      name: 'Sassandra-Marahoué',
      lat: 6.8774,
      lng: -6.4502,
      villages: [
        { name: 'Bouaflé', lat: 6.9833, lng: -5.75 },
        { name: 'Issia', lat: 6.4833, lng: -6.5833 },
        { name: 'Vavoua', lat: 7.3833, lng: -6.4833 },
      ],
    },
    {
      name: 'Savanes',
      lat: 9.458,
      lng: -5.6296,
      villages: [
        { name: 'Ferkessédougou', lat: 9.6, lng: -5.2 },
        { name: 'Boundiali', lat: 9.5167, lng: -6.4833 },
        { name: 'Tengréla', lat: 10.4833, lng: -6.4167 },
      ],
    },
    {
      name: 'Vallée du Bandama',
      lat: 7.6906,
      lng: -5.03,
      villages: [
        { name: 'Katiola', lat: 8.1333, lng: -5.1 },
        { name: 'Béoumi', lat: 7.6667, lng: -5.5667 },
        { name: 'Sakassou', lat: 7.45, lng: -5.2833 },
      ],
    },
    {
      name: 'Woroba',
      lat: 7.9611,
      lng: -6.6731,
      villages: [
        { name: 'Touba', lat: 8.2833, lng: -7.6833 },
        { name: 'Mankono', lat: 8.0667, lng: -6.1833 },
        { name: 'Kani', lat: 8.4833, lng: -6.6 },
      ],
    },
    {
      name: 'Yamoussoukro',
      lat: 6.8276,
      lng: -5.2893,
      villages: [
        { name: 'Yamoussoukro', lat: 6.8276, lng: -5.2893 },
        { name: 'Attiégouakro', lat: 6.7833, lng: -5.1167 },
        { name: 'Kossou', lat: 7.0, lng: -5.4833 },
      ],
    },
    {
      name: 'Zanzan',
      lat: 8.0404,
      lng: -2.8,
      villages: [
        { name: 'Bouna', lat: 9.2667, lng: -3.0 },
        { name: 'Tanda', lat: 7.8, lng: -3.1667 },
        { name: 'Nassian', lat: 8.45, lng: -3.4667 },
      ],
    },
  ],

  // Senegal: the 14 regions.
  SN: [
    {
      name: 'Dakar',
      lat: 14.7167,
      lng: -17.4677,
      villages: [
        { name: 'Rufisque', lat: 14.7167, lng: -17.2667 },
        { name: 'Sangalkam', lat: 14.7833, lng: -17.2333 },
        { name: 'Pikine', lat: 14.75, lng: -17.4 },
      ],
    },
    {
      name: 'Diourbel',
      lat: 14.655,
      lng: -16.2314,
      villages: [
        { name: 'Touba', lat: 14.85, lng: -15.8833 },
        { name: 'Mbacké', lat: 14.8, lng: -15.9167 },
        { name: 'Bambey', lat: 14.7, lng: -16.45 },
      ],
    },
    {
      name: 'Fatick',
      lat: 14.3333,
      lng: -16.4167,
      villages: [
        { name: 'Foundiougne', lat: 14.1333, lng: -16.4667 },
        { name: 'Gossas', lat: 14.4833, lng: -16.0667 },
        { name: 'Sokone', lat: 13.8833, lng: -16.3667 },
      ],
    },
    {
      name: 'Kaffrine',
      lat: 14.1058,
      lng: -15.5508,
      villages: [
        { name: 'Koungheul', lat: 13.9833, lng: -14.8 },
        { name: 'Birkelane', lat: 14.1333, lng: -15.75 },
        { name: 'Malem Hodar', lat: 14.0833, lng: -15.3 },
      ],
    },
    {
      name: 'Kaolack',
      lat: 14.15,
      lng: -16.0833,
      villages: [
        { name: 'Nioro du Rip', lat: 13.75, lng: -15.8 },
        { name: 'Guinguinéo', lat: 14.2667, lng: -15.95 },
        { name: 'Ndoffane', lat: 13.9167, lng: -15.9333 },
      ],
    },
    {
      name: 'Kédougou',
      lat: 12.5556,
      lng: -12.1744,
      villages: [
        { name: 'Saraya', lat: 12.8333, lng: -11.75 },
        { name: 'Salémata', lat: 12.6333, lng: -12.8167 },
        { name: 'Bandafassi', lat: 12.5333, lng: -12.3167 },
      ],
    },
    {
      name: 'Kolda',
      lat: 12.8833,
      lng: -14.95,
      villages: [
        { name: 'Vélingara', lat: 13.15, lng: -14.1167 },
        { name: 'Médina Yoro Foulah', lat: 13.2833, lng: -14.7167 },
        { name: 'Diaobé', lat: 12.9167, lng: -14.1667 },
      ],
    },
    {
      name: 'Louga',
      lat: 15.6167,
      lng: -16.2167,
      villages: [
        { name: 'Linguère', lat: 15.3833, lng: -15.1167 },
        { name: 'Kébémer', lat: 15.3667, lng: -16.45 },
        { name: 'Dahra', lat: 15.35, lng: -15.4833 },
      ],
    },
    {
      name: 'Matam',
      lat: 15.6559,
      lng: -13.2554,
      villages: [
        { name: 'Ourossogui', lat: 15.6059, lng: -13.3223 },
        { name: 'Kanel', lat: 15.4833, lng: -13.1833 },
        { name: 'Ranérou', lat: 15.3, lng: -13.9667 },
      ],
    },
    {
      name: 'Saint-Louis',
      lat: 16.0179,
      lng: -16.4896,
      villages: [
        { name: 'Richard-Toll', lat: 16.4625, lng: -15.7 },
        { name: 'Ross Béthio', lat: 16.2667, lng: -16.1333 },
        { name: 'Podor', lat: 16.65, lng: -14.9667 },
      ],
    },
    {
      name: 'Sédhiou',
      lat: 12.7081,
      lng: -15.5569,
      villages: [
        { name: 'Goudomp', lat: 12.5833, lng: -15.8833 },
        { name: 'Bounkiling', lat: 13.0333, lng: -15.7 },
        { name: 'Tanaff', lat: 12.6497, lng: -15.4261 },
      ],
    },
    {
      name: 'Tambacounda',
      lat: 13.7707,
      lng: -13.6673,
      villages: [
        { name: 'Bakel', lat: 14.9, lng: -12.4667 },
        { name: 'Goudiry', lat: 14.1833, lng: -12.7167 },
        { name: 'Koumpentoum', lat: 13.9833, lng: -14.55 },
      ],
    },
    {
      name: 'Thiès',
      lat: 14.791,
      lng: -16.9359,
      villages: [
        { name: 'Mboro', lat: 15.1333, lng: -16.8833 },
        { name: 'Pout', lat: 14.7667, lng: -17.05 },
        { name: 'Mbour', lat: 14.4167, lng: -16.9667 },
      ],
    },
    {
      name: 'Ziguinchor',
      lat: 12.5681,
      lng: -16.2719,
      villages: [
        { name: 'Bignona', lat: 12.8, lng: -16.2333 },
        { name: 'Oussouye', lat: 12.4833, lng: -16.55 },
        { name: 'Diouloulou', lat: 13.0333, lng: -16.5833 },
      ],
    },
  ],

  // Cameroon: the 10 regions (English names).
  CM: [
    {
      name: 'Adamawa',
      names: { fr: 'Adamaoua' },
      lat: 7.3167,
      lng: 13.5833,
      villages: [
        { name: 'Meiganga', lat: 6.5167, lng: 14.3 },
        { name: 'Tibati', lat: 6.4667, lng: 12.6333 },
        { name: 'Banyo', lat: 6.75, lng: 11.8167 },
      ],
    },
    {
      name: 'Centre',
      names: { sw: 'Kati' },
      lat: 3.848,
      lng: 11.5021,
      villages: [
        { name: 'Obala', lat: 4.1667, lng: 11.5333 },
        { name: 'Mbalmayo', lat: 3.5167, lng: 11.5 },
        { name: 'Bafia', lat: 4.75, lng: 11.2333 },
      ],
    },
    {
      name: 'East',
      names: { sw: 'Mashariki', fr: 'Est' },
      lat: 4.5833,
      lng: 13.6833,
      villages: [
        { name: 'Batouri', lat: 4.4333, lng: 14.3667 },
        { name: 'Abong-Mbang', lat: 3.9833, lng: 13.1833 },
        { name: 'Garoua-Boulaï', lat: 5.8833, lng: 14.55 },
      ],
    },
    {
      name: 'Far North',
      names: { sw: 'Kaskazini ya Mbali', fr: 'Extrême-Nord' },
      lat: 10.591,
      lng: 14.3158,
      villages: [
        { name: 'Mokolo', lat: 10.7333, lng: 13.8 },
        { name: 'Yagoua', lat: 10.3333, lng: 15.2333 },
        { name: 'Mora', lat: 11.05, lng: 14.1333 },
      ],
    },
    {
      name: 'Littoral',
      names: { sw: 'Pwani' },
      lat: 4.0511,
      lng: 9.7679,
      villages: [
        { name: 'Nkongsamba', lat: 4.95, lng: 9.9333 },
        { name: 'Penja', lat: 4.6333, lng: 9.6667 },
        { name: 'Edéa', lat: 3.8, lng: 10.1333 },
      ],
    },
    {
      name: 'North',
      names: { sw: 'Kaskazini', fr: 'Nord' },
      lat: 9.3,
      lng: 13.4,
      villages: [
        { name: 'Guider', lat: 9.9333, lng: 13.95 },
        { name: 'Pitoa', lat: 9.3833, lng: 13.5333 },
        { name: 'Touboro', lat: 7.7667, lng: 15.3667 },
      ],
    },
    {
      name: 'Northwest',
      names: { sw: 'Kaskazini Magharibi', fr: 'Nord-Ouest' },
      lat: 5.9597,
      lng: 10.146,
      villages: [
        { name: 'Ndop', lat: 5.9833, lng: 10.4167 },
        { name: 'Kumbo', lat: 6.2, lng: 10.6667 },
        { name: 'Wum', lat: 6.3833, lng: 10.0667 },
      ],
    },
    {
      name: 'South',
      names: { sw: 'Kusini', fr: 'Sud' },
      lat: 2.9,
      lng: 11.15,
      villages: [
        { name: 'Sangmélima', lat: 2.9333, lng: 11.9833 },
        { name: 'Kribi', lat: 2.9333, lng: 9.9167 },
        { name: 'Ambam', lat: 2.3833, lng: 11.2833 },
      ],
    },
    {
      name: 'Southwest',
      names: { sw: 'Kusini Magharibi', fr: 'Sud-Ouest' },
      lat: 4.1527,
      lng: 9.2415,
      villages: [
        { name: 'Kumba', lat: 4.6333, lng: 9.45 },
        { name: 'Tiko', lat: 4.0833, lng: 9.3667 },
        { name: 'Mamfe', lat: 5.7667, lng: 9.2833 },
      ],
    },
    {
      name: 'West',
      names: { sw: 'Magharibi', fr: 'Ouest' },
      lat: 5.4778,
      lng: 10.4176,
      villages: [
        { name: 'Foumbot', lat: 5.5, lng: 10.6333 },
        { name: 'Dschang', lat: 5.45, lng: 10.05 },
        { name: 'Mbouda', lat: 5.6333, lng: 10.25 },
      ],
    },
  ],
};
