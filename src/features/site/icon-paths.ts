/**
 * The SVG paths of the site's icons: 24-unit strokes, drawn by src/components/Icon.astro on server-rendered
 * pages and by src/islands/lib/Icon.tsx in islands, so an icon looks the same wherever it appears.
 */
export const ICON_PATHS = {
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6L6 18',
  home: 'M3 11l9-8 9 8M5 10v10h5v-6h4v6h5V10',
  back: 'M15 18l-6-6 6-6',
  forward: 'M9 6l6 6-6 6',
  chevron: 'M6 9l6 6 6-6',
  plus: 'M12 5v14M5 12h14',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0',
  globe: 'M12 21a9 9 0 100-18 9 9 0 000 18zM3 12h18M12 3a14 14 0 010 18M12 3a14 14 0 000 18',
  leaf: 'M5 19c0-9 6-14 15-14 0 9-5 15-14 15M5 19l7-7',
  facebook: 'M14 8h3V4h-3a4 4 0 00-4 4v2H8v4h2v7h4v-7h3l1-4h-4V8.5a.5.5 0 01.5-.5z',
  x: 'M4 4l16 16M20 4L4 20',
  linkedin: 'M6 9v11M6 5v.01M10 20v-6a3 3 0 016 0v6M10 9v11',
  youtube: 'M3 8a3 3 0 013-3h12a3 3 0 013 3v8a3 3 0 01-3 3H6a3 3 0 01-3-3zM10 9l5 3-5 3z',
  check: 'M5 12l5 5 9-10',
  alert: 'M12 9v4M12 17v.01M10.3 3.9L2.4 18a2 2 0 001.7 3h15.8a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z',
  offline:
    'M3 3l18 18M8.5 16.5a5 5 0 017 0M5 13a10 10 0 015.2-2.8M19 13a10 10 0 00-2.2-1.6M2 8.8a15 15 0 014.2-2.6M22 8.8A15 15 0 0011 5',
  offers: 'M3 7h13l5 5-5 5H3zM7 12h.01',
  chat: 'M21 12a8 8 0 01-11.6 7.1L4 20l1-4.6A8 8 0 1121 12z',
  heart:
    'M20.8 4.6a5.5 5.5 0 00-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 00-7.8 7.8l1 1.1 7.8 7.7 7.8-7.7 1-1.1a5.5 5.5 0 000-7.8z',
  pin: 'M12 21s-7-6.2-7-12a7 7 0 0114 0c0 5.8-7 12-7 12zM12 11.5a2.5 2.5 0 100-5 2.5 2.5 0 000 5z',
  photo: 'M4 6h16v12H4zM4 15l4-4 4 4 3-3 5 5M15.5 9.5h.01',
  search: 'M11 18a7 7 0 100-14 7 7 0 000 14zM20 20l-4-4',
  filter: 'M4 6h16M7 12h10M10 18h4',
  grid: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  list: 'M4 5h16M4 12h16M4 19h16',
  map: 'M9 4L3 6v14l6-2 6 2 6-2V4l-6 2-6-2zM9 4v14M15 6v14',
  wallet: 'M3 7h16a2 2 0 012 2v9a2 2 0 01-2 2H5a2 2 0 01-2-2zM3 7l3-3h10l2 3M16 13.5h.01',
  truck: 'M2 6h12v10H2zM14 9h4l4 4v3h-8M6 20a2 2 0 100-4 2 2 0 000 4zM18 20a2 2 0 100-4 2 2 0 000 4z',
  /** A tick in a circle: something completed. */
  done: 'M12 21a9 9 0 100-18 9 9 0 000 18zM8 12l3 3 5-6',
  settings: 'M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1M15 4v4M9 10v4M17 16v4',
  /** Money coming in (an arrow into a tray) and going out. */
  incoming: 'M12 3v11M7 9l5 5 5-5M4 16v4h16v-4',
  outgoing: 'M12 14V3M7 8l5-5 5 5M4 16v4h16v-4',
  /** A handset (Call the seller) and a share arrow out of a tray (Share on WhatsApp). */
  phone:
    'M22 16.9v3a2 2 0 01-2.2 2 19.8 19.8 0 01-8.6-3.1 19.5 19.5 0 01-6-6A19.8 19.8 0 012.1 4.2 2 2 0 014.1 2h3a2 2 0 012 1.7c.1 1 .4 1.9.7 2.8a2 2 0 01-.5 2.1L8.1 9.9a16 16 0 006 6l1.3-1.3a2 2 0 012.1-.4c.9.3 1.8.6 2.8.7a2 2 0 011.7 2z',
  share: 'M4 12v8h16v-8M16 6l-4-4-4 4M12 2v13',
} as const;

export type IconName = keyof typeof ICON_PATHS;
