/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The interface language of this request, from the URL prefix (none = English). */
    locale: import('./i18n/config').Locale;
    /** The requested path without its locale prefix, e.g. `/board` for `/sw/board`. */
    path: string;
    t: import('./i18n/t').Translate;
    /** The signed-in user, or null. Filled by the accounts capability; guards in src/server/http/guards.ts read it. */
    user: import('./server/services/accounts/users').SessionUser | null;
    /**
     * The reader's currency and the rates prices are approximated with (src/server/loaders/reader-money.ts), read
     * once by the middleware for every page; null outside pages (API, files).
     */
    money: import('./features/money/approximate-price').ReaderMoney | null;
  }
}
