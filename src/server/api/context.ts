import type { Context } from 'hono';
import type { Locale } from '~/i18n/config';
import type { Translate } from '~/i18n/t';
import type { SessionUser } from '~/server/services/accounts/users';

export interface ApiEnv {
  /** Set by the node server (its socket) or by the dev route (Astro's clientAddress). */
  Bindings: { incoming?: { socket?: { remoteAddress?: string } }; clientAddress?: string };
  Variables: {
    locale: Locale;
    t: Translate;
    user: SessionUser | null;
    /** How the user was identified: a Bearer token, the session cookie, or not at all. */
    authVia: 'bearer' | 'cookie' | null;
    ip: string;
    /** This request's id (src/server/http/request-id.ts), echoed in X-Request-Id and in the body of a 5xx. */
    requestId: string;
  };
}
export type ApiContext = Context<ApiEnv>;
