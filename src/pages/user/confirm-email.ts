import type { APIRoute } from 'astro';
import { localizePath } from '~/i18n/paths';
import { getDb } from '~/server/db';
import { isAppError } from '~/server/errors';
import { confirmEmail } from '~/server/services/accounts/email-confirmation';

/**
 * The link of the confirmation e-mail (`/user/confirm-email?token=…`, in the recipient's language). It confirms
 * the address and shows the result page; a used, expired or mangled link shows why it did not work.
 */
export const GET: APIRoute = async ({ locals, url }) => {
  const result = localizePath('/success-verification', locals.locale);
  const token = url.searchParams.get('token')?.trim() ?? '';
  let confirmed = false;
  if (token.length >= 10 && token.length <= 200) {
    try {
      await confirmEmail(await getDb(), token);
      confirmed = true;
    } catch (error) {
      if (!isAppError(error)) throw error;
    }
  }
  // The answer follows a one-time secret: no cache may keep it.
  return new Response(null, {
    status: 302,
    headers: { Location: confirmed ? result : `${result}?status=invalid`, 'Cache-Control': 'no-store' },
  });
};
