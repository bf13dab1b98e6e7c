import type { MessageKey } from '~/i18n/t';

export interface NavLink {
  label: MessageKey;
  href: string;
}
export interface NavGroup {
  label: MessageKey;
  links: NavLink[];
}

/** Header menu groups: Buy/Sell, Services, Data. Paths are English; localize them with localizePath. */
export const HEADER_MENU: NavGroup[] = [
  {
    label: 'nav.buy_sell',
    links: [
      { label: 'nav.agro_lots', href: '/board' },
      { label: 'nav.seeds', href: '/seed/orders' },
      { label: 'nav.fertilizer', href: '/fertil/orders' },
      { label: 'nav.equipment', href: '/agrotechnic' },
    ],
  },
  {
    label: 'nav.services',
    links: [
      { label: 'nav.loan', href: '/financing' },
      { label: 'nav.equipment', href: '/agrotechnic' },
    ],
  },
  {
    label: 'nav.data',
    links: [
      { label: 'nav.agro_indices', href: '/statistic' },
      { label: 'nav.warehouse_map', href: '/world-warehouse' },
      { label: 'nav.companies', href: '/companies' },
    ],
  },
];

export const FOOTER_LINKS: NavLink[] = [
  { label: 'footer.contact_us', href: '/contact-us' },
  { label: 'footer.news', href: '/article' },
  { label: 'footer.terms', href: '/terms-and-conditions' },
  { label: 'footer.privacy', href: '/privacy-policy' },
  { label: 'footer.faq', href: '/faq' },
  { label: 'footer.wallet', href: '/wallet' },
];

export const SOCIAL_LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/mavuno.market', icon: 'facebook' },
  { name: 'X', href: 'https://x.com/mavuno_market', icon: 'x' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/company/mavuno-market', icon: 'linkedin' },
  { name: 'YouTube', href: 'https://www.youtube.com/@mavuno-market', icon: 'youtube' },
] as const;

export const SIGN_IN_PATH = '/signin/login';
export const SIGN_UP_PATH = '/signin/signup-options';
