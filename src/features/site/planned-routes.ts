import type { MessageKey } from '~/i18n/t';

/**
 * Routes of the site whose capability has not landed yet (docs/decisions.md "Routes not built yet"). They
 * answer an honest "coming soon" page (not indexed) instead of a 404, naming what will be there, and no menu,
 * footer, home or lot-page link leads to them: those links render as a "coming soon" label instead
 * (`isPlannedRoute`, src/components/SoonBadge.astro). When a route is built, its page file takes precedence and
 * deleting its entry here makes every link to it live.
 */
export const PLANNED_ROUTES: { pattern: RegExp; area: MessageKey }[] = [
  {
    pattern:
      /^\/user\/(profile\/(?!(user|orders|favorite|deals|verifications|company|loans|price-alerts(\/(new|\d+))?|warehouse(\/(new|public|\d+))?|cabinet-cards(\/(bought-not-paid|bought-not-delivered|bought-paid-delivered|sold-not-paid|sold-not-delivered|sold-old|on-sale|cabinet-favourites|settings|verifications|company|warehouse|money-cards(\/(have-to-be-paid|have-to-pay|my-wallet|my-receipts))?))?|wallet(\/.*)?)$).*)$/,
    area: 'soon.area_user',
  },
];

export function findPlannedRoute(path: string): MessageKey | undefined {
  return PLANNED_ROUTES.find((route) => route.pattern.test(path))?.area;
}

/** Whether a link to this unlocalized path (query and hash ignored) would lead to a "coming soon" page. */
export function isPlannedRoute(href: string): boolean {
  return findPlannedRoute(href.replace(/[?#].*$/, '')) !== undefined;
}
