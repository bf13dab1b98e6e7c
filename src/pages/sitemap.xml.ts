import type { APIRoute } from 'astro';
import { LOCALES } from '../i18n/config';
import { localizePath } from '../i18n/paths';
import { getEnv } from '../server/env';

/** Public pages that exist today, each in the three languages with hreflang alternates. Capabilities add their own URLs as they land. */
const PUBLIC_PATHS = ['/', '/faq', '/terms-and-conditions', '/privacy-policy', '/user/pro', '/signin/signup-options'];

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const GET: APIRoute = () => {
  const site = getEnv().publicUrl;
  const urls = PUBLIC_PATHS.flatMap((path) =>
    LOCALES.map((locale) => {
      const alternates = LOCALES.map((alt) => `<xhtml:link rel="alternate" hreflang="${alt}" href="${escapeXml(site + localizePath(path, alt))}"/>`).join('');
      return `<url><loc>${escapeXml(site + localizePath(path, locale))}</loc>${alternates}</url>`;
    }),
  );
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls.join('')}</urlset>`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
};
