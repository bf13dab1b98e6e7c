// The site's own client directives (astro.config.mjs, src/scripts/client-press.ts), known to `astro check`.
export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates the island when the pointer or focus comes near it, or at its first press. */
    'client:press'?: boolean;
    /** Hydrates the island once the page has loaded and the browser is idle. */
    'client:settled'?: boolean;
  }
}
