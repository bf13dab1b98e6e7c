import type { MessageKey } from '../../i18n/t';

/**
 * Routes of the spec (§2) whose capability has not landed yet. They answer an honest "coming soon" page
 * (not indexed) instead of a 404, naming what will be there. When an issue builds a route, its page file
 * takes precedence and its entry here is deleted.
 */
export const PLANNED_ROUTES: { pattern: RegExp; area: MessageKey }[] = [
  { pattern: /^\/board(\/(addLot|addBuyLot|update(\/[^/]+)?|[^/]+))?$/, area: 'soon.area_board' },
  { pattern: /^\/seed(\/(orders|addLot|update(\/[^/]+)?|[^/]+))?$/, area: 'soon.area_seed' },
  { pattern: /^\/fertil(\/(orders|addLot|update(\/[^/]+)?|[^/]+))?$/, area: 'soon.area_fertilizer' },
  { pattern: /^\/agrotechnic(\/(addLot|update(\/[^/]+)?|[^/]+))?$/, area: 'soon.area_technic' },
  { pattern: /^\/test-form\/addLot$/, area: 'soon.area_board' },
  { pattern: /^\/(financing|loan-documents)$/, area: 'soon.area_financing' },
  { pattern: /^\/(statistic|prices)$/, area: 'soon.area_statistic' },
  { pattern: /^\/(warehouse\/map|world-warehouse)$/, area: 'soon.area_warehouse' },
  { pattern: /^\/(companies(\/[^/]+)?|public-company-profile(\/[^/]+)?)$/, area: 'soon.area_companies' },
  { pattern: /^\/article(\/[^/]+)?$/, area: 'soon.area_news' },
  { pattern: /^\/contact-us$/, area: 'soon.area_contact' },
  { pattern: /^\/chat$/, area: 'soon.area_chat' },
  { pattern: /^\/wallet$/, area: 'soon.area_wallet' },
  { pattern: /^\/(cooperative-form|farmer-profile-form|trader-profile-form)(\/[^/]+)?$/, area: 'soon.area_accounts' },
  { pattern: /^\/user\/(offers|offer(\/[^/]+)?|profile\/(?!user$).*)$/, area: 'soon.area_user' },
];

export function findPlannedRoute(path: string): MessageKey | undefined {
  return PLANNED_ROUTES.find((route) => route.pattern.test(path))?.area;
}
