import type { Context } from 'hono';
import type { Locale } from '../../i18n/config';
import type { Translate } from '../../i18n/t';

export interface ApiEnv {
  Variables: {
    locale: Locale;
    t: Translate;
  };
}
export type ApiContext = Context<ApiEnv>;
