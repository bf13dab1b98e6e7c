/** The heart of the favourite button, shared by the island and the visitors' sign-in link (LotCard). */
export const HEART_PATH =
  'M20.8 4.6a5.5 5.5 0 00-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 00-7.8 7.8l1 1.1 7.8 7.7 7.8-7.7 1-1.1a5.5 5.5 0 000-7.8z';
