/**
 * The islands of a signed-in member's every page, in one module so that a page fetches their code in one file
 * (each island names its export: Astro's `component-export`): the header's counts, the hearts, the snackbar, the
 * catalogue's instant filters and the page's own behaviour (MemberScripts). Imported from here by the components
 * that render them for members only; a visitor's page never loads this file.
 */
export { default as ChatBadge } from '~/islands/chat/ChatBadge';
export { default as OfferBadge } from '~/islands/offer-badge/OfferBadge';
export { default as FavoriteButton } from '~/islands/favorite/FavoriteButton';
export { default as Snackbar } from '~/islands/snackbar/Snackbar';
export { default as InstantFilters } from '~/islands/catalogue/InstantFilters';
export { default as MemberScripts } from './MemberScripts';
