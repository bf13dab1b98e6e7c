import type { HastPluginDefinition } from 'satteri';
import { findPlannedRoute } from './planned-routes';
import { isLocale } from '~/i18n/config';
import { splitLocale } from '~/i18n/paths';
import { createTranslator } from '~/i18n/t';

/**
 * Editorial Markdown (src/content/pages/<locale>/…) links to the site like any page: a link to a route that is
 * still "coming soon" (src/features/site/planned-routes.ts) becomes its words with a "coming soon" mark, as in the
 * menus, so a legal text never leads to a dead end. The mark speaks the language of the file's folder.
 */
export const plannedLinksPlugin: HastPluginDefinition = {
  name: 'mavuno-planned-links',
  element: {
    filter: ['a'],
    visit(node, ctx) {
      const href = node.properties?.href;
      if (typeof href !== 'string' || !href.startsWith('/') || !findPlannedRoute(splitLocale(href).path)) return;
      const folder = /\/content\/pages\/([a-z]{2})\//.exec(ctx.fileURL?.pathname ?? '')?.[1];
      const t = createTranslator(isLocale(folder) ? folder : 'en');
      ctx.replaceNode(node, {
        type: 'element',
        tagName: 'span',
        properties: { dataPlanned: '' },
        children: [
          { type: 'text', value: `${ctx.textContent(node)} ` },
          {
            type: 'element',
            tagName: 'span',
            properties: { className: ['badge', 'badge-outline', 'badge-sm', 'whitespace-nowrap'] },
            children: [{ type: 'text', value: t('soon.badge') }],
          },
        ],
      });
    },
  },
};
