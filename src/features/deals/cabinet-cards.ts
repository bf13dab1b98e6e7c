import { CABINET_OFFER_VIEWS, type CabinetOfferView, MONEY_VIEWS, type MoneyView } from './constants';
import type { IconName } from '~/features/site/icon-paths';
import type { MessageKey } from '~/i18n/t';

/**
 * The cabinet cards (`/user/profile/cabinet-cards/{view}`, docs/deals.md "Lists, badge, cabinet") and the money
 * cards (`…/money-cards/{view}`): what each card is called, what it holds and its icon. The index, each card's
 * page and the summary at the top of /user/profile/deals read them from here, so a card reads the same everywhere.
 * `company` is the member's company (docs/companies.md "Screens"), the verifications card opens
 * /user/profile/verifications (docs/companies.md "Verification") and `warehouse` shows the member's warehouses
 * (docs/warehouses.md "Members' pages").
 */

/** The cards built as pages with a list (the six offer groupings, the lots on sale, favourites, settings). */
export const CABINET_VIEWS = [
  ...CABINET_OFFER_VIEWS,
  'on-sale',
  'cabinet-favourites',
  'settings',
  'verifications',
  'company',
  'warehouse',
] as const;
export type CabinetView = (typeof CABINET_VIEWS)[number];

/** Cards that later capabilities build: they answer "coming soon" (any other unknown card is a 404). */
export const PLANNED_CARDS: Record<string, MessageKey> = {};
/** Money cards still to come (none now: my-wallet and my-receipts are the wallet's pages, docs/wallet.md "Screens"). */
export const PLANNED_MONEY_CARDS: Record<string, MessageKey> = {};

/** The wallet's money cards: the member's pockets and transactions, and their receipts. */
export const WALLET_CARD_VIEWS = ['my-wallet', 'my-receipts'] as const;
export type WalletCardView = (typeof WALLET_CARD_VIEWS)[number];
export const isWalletCardView = (value: string): value is WalletCardView =>
  (WALLET_CARD_VIEWS as readonly string[]).includes(value);
/** Every card that has a page. */
export type CardView = CabinetView | MoneyView | WalletCardView;

export const isCabinetView = (value: string): value is CabinetView =>
  (CABINET_VIEWS as readonly string[]).includes(value);
export const isOfferView = (value: string): value is CabinetOfferView =>
  (CABINET_OFFER_VIEWS as readonly string[]).includes(value);
export const isMoneyView = (value: string): value is MoneyView => (MONEY_VIEWS as readonly string[]).includes(value);

export interface CardMeta {
  title: MessageKey;
  /** One line under the title: what the card holds. */
  hint: MessageKey;
  /** What its page says when the list is empty. */
  empty: MessageKey;
  /** The card's icon (src/features/site/icon-paths.ts), drawn by src/components/Icon.astro. */
  icon: IconName;
}

export const CARD: Record<CardView, CardMeta> = {
  'bought-not-paid': {
    title: 'cabinet.card_bought_not_paid',
    hint: 'cabinet.hint_bought_not_paid',
    empty: 'cabinet.empty_bought_not_paid',
    icon: 'wallet',
  },
  // Goods and machines alike: a card's page says it in its deals' own words (notDeliveredHint).
  'bought-not-delivered': {
    title: 'cabinet.card_bought_not_delivered',
    hint: 'cabinet.hint_bought_not_delivered_mixed',
    empty: 'cabinet.empty_bought_not_delivered',
    icon: 'truck',
  },
  'bought-paid-delivered': {
    title: 'cabinet.card_bought_paid_delivered',
    hint: 'cabinet.hint_bought_paid_delivered',
    empty: 'cabinet.empty_bought_paid_delivered',
    icon: 'done',
  },
  'sold-not-paid': {
    title: 'cabinet.card_sold_not_paid',
    hint: 'cabinet.hint_sold_not_paid',
    empty: 'cabinet.empty_sold_not_paid',
    icon: 'wallet',
  },
  'sold-not-delivered': {
    title: 'cabinet.card_sold_not_delivered',
    hint: 'cabinet.hint_sold_not_delivered_mixed',
    empty: 'cabinet.empty_sold_not_delivered',
    icon: 'truck',
  },
  'sold-old': {
    title: 'cabinet.card_sold_old',
    hint: 'cabinet.hint_sold_old',
    empty: 'cabinet.empty_sold_old',
    icon: 'done',
  },
  'on-sale': {
    title: 'cabinet.card_on_sale',
    hint: 'cabinet.hint_on_sale',
    empty: 'cabinet.empty_on_sale',
    icon: 'offers',
  },
  'cabinet-favourites': {
    title: 'cabinet.card_favourites',
    hint: 'cabinet.hint_favourites',
    empty: 'cabinet.hint_favourites',
    icon: 'heart',
  },
  verifications: {
    title: 'verification.card_title',
    hint: 'verification.card_hint',
    empty: 'verification.card_hint',
    icon: 'check',
  },
  settings: {
    title: 'cabinet.card_settings',
    hint: 'cabinet.hint_settings',
    empty: 'cabinet.hint_settings',
    icon: 'settings',
  },
  warehouse: {
    title: 'warehouse_page.title',
    hint: 'warehouse_page.card_hint',
    empty: 'warehouse_page.empty_text',
    icon: 'pin',
  },
  company: {
    title: 'company_page.title',
    hint: 'company_page.card_hint',
    empty: 'company_page.intro_none',
    icon: 'user',
  },
  'have-to-be-paid': {
    title: 'cabinet.card_have_to_be_paid',
    hint: 'cabinet.hint_have_to_be_paid',
    empty: 'cabinet.empty_have_to_be_paid',
    icon: 'incoming',
  },
  'have-to-pay': {
    title: 'cabinet.card_have_to_pay',
    hint: 'cabinet.hint_have_to_pay',
    empty: 'cabinet.empty_have_to_pay',
    icon: 'outgoing',
  },
  'my-wallet': {
    title: 'wallet_page.card_wallet',
    hint: 'wallet_page.card_wallet_hint',
    empty: 'wallet_page.pockets_empty',
    icon: 'wallet',
  },
  'my-receipts': {
    title: 'wallet_page.card_receipts',
    hint: 'wallet_page.card_receipts_hint',
    empty: 'wallet_page.receipts_empty',
    icon: 'done',
  },
};

/** The cards in the order the cabinet shows them, one group per heading. */
export const CARD_GROUPS: { id: string; title: MessageKey; views: CardView[] }[] = [
  {
    id: 'buying',
    title: 'cabinet.group_buying',
    views: ['bought-not-paid', 'bought-not-delivered', 'bought-paid-delivered'],
  },
  {
    id: 'selling',
    title: 'cabinet.group_selling',
    views: ['sold-not-paid', 'sold-not-delivered', 'sold-old', 'on-sale'],
  },
  { id: 'money', title: 'cabinet.group_money', views: ['have-to-be-paid', 'have-to-pay', 'my-wallet', 'my-receipts'] },
  {
    id: 'more',
    title: 'cabinet.group_more',
    views: ['cabinet-favourites', 'settings', 'company', 'verifications', 'warehouse'],
  },
];

/** The group a card belongs to (its page links to the other cards of the group). */
export const groupOf = (view: CardView) => CARD_GROUPS.find((group) => group.views.includes(view))!;

/** Which deals stand behind each money card (docs/deals.md: the same rule as these groupings). */
export const MONEY_OFFER_VIEW: Record<MoneyView, CabinetOfferView> = {
  'have-to-be-paid': 'sold-not-paid',
  'have-to-pay': 'bought-not-paid',
};

/** The unlocalized address of a card's page; the favourites card opens the favourites list itself. */
export function cardPath(view: CardView): string {
  if (view === 'cabinet-favourites') return '/user/profile/favorite';
  if (view === 'verifications') return '/user/profile/verifications';
  if (isMoneyView(view) || isWalletCardView(view)) return `/user/profile/cabinet-cards/money-cards/${view}`;
  return `/user/profile/cabinet-cards/${view}`;
}

/** The sections of the profile page the settings card leads to (anchors of /user/profile/user). */
export const SETTINGS_LINKS: { anchor: string; title: MessageKey; hint: MessageKey }[] = [
  { anchor: 'base-info', title: 'profile.section_base', hint: 'cabinet.settings_base_hint' },
  { anchor: 'addresses', title: 'profile.section_addresses', hint: 'cabinet.settings_addresses_hint' },
  { anchor: 'notifications', title: 'profile.section_notifications', hint: 'cabinet.settings_notifications_hint' },
  { anchor: 'password', title: 'profile.section_password', hint: 'cabinet.settings_password_hint' },
  { anchor: 'photo', title: 'profile.section_photo', hint: 'cabinet.settings_photo_hint' },
  { anchor: 'documents', title: 'profile.section_documents', hint: 'cabinet.settings_documents_hint' },
  { anchor: 'favorites', title: 'profile.section_favorites', hint: 'cabinet.settings_favorites_hint' },
  { anchor: 'referral', title: 'profile.section_referral', hint: 'cabinet.settings_referral_hint' },
];
