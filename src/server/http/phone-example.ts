import { examplePhoneNumber, phoneExampleCountry } from '~/features/accounts/phone';

/**
 * The example a page's phone field shows ("+254 712 123456"): for the signed-in member's own country, else the
 * visitor's (src/features/accounts/phone.ts `phoneExampleCountry`). A visitor's example follows Accept-Language,
 * so the answer says so (`Vary`); the pages that show one are forms that set a form-token cookie or signed-in
 * pages, which the render cache never stores.
 */
export function phoneExampleFor(page: {
  request: Request;
  response: { headers: Headers };
  locals: { user: { phone: string | null } | null };
}): string {
  const { user } = page.locals;
  if (!user) page.response.headers.append('Vary', 'Accept-Language');
  return examplePhoneNumber(
    phoneExampleCountry({ phone: user?.phone, acceptLanguage: page.request.headers.get('accept-language') }),
  );
}
