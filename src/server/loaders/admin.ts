import { type StaffCapability, capabilitiesOf, holds, isStaffRole } from '~/features/admin/capabilities';
import { localizePath } from '~/i18n/paths';
import { getDb } from '~/server/db';
import { clientIp } from '~/server/http/client-ip';
import { signInRedirect } from '~/server/http/guards';
import { safeReturnPath } from '~/server/http/return-path';
import { type StaffActor, staffActorOf } from '~/server/services/admin/access';
import { openStaffSession } from '~/server/services/admin/open-staff-session';
import type { SessionUser } from '~/server/services/accounts/users';
import { type FormPageRequest, PRIVATE_PAGE, formPageRequest } from './form-post';

/** What every back-office page is given by `Astro` (its frontmatter passes `Astro` itself). */
export interface AdminAstro {
  request: Request;
  url: URL;
  locals: App.Locals;
  clientAddress: string;
  cookies: FormPageRequest['cookies'];
  response: { status?: number; headers: Headers };
  redirect(path: string, status?: 301 | 302 | 303 | 307 | 308): Response;
}

/** A back-office page's visitor, once the gate let them in. */
export interface AdminGate {
  user: SessionUser;
  actor: StaffActor & { sessionId: number };
  /** What the visitor's role holds: the shell shows these areas only. */
  capabilities: StaffCapability[];
  /** The visitor is staff with the back office open, but their role lacks this page's capability: render 403. */
  forbidden: boolean;
  request: FormPageRequest;
}

export const ADMIN_TWO_FACTOR_PATH = '/admin/two-factor';
export const ADMIN_TWO_FACTOR_SETUP_PATH = '/admin/two-factor/setup';

/** The page to come back to after the second factor: this one, with its query. */
function hereOf(astro: AdminAstro): string {
  return localizePath(astro.locals.path, astro.locals.locale) + astro.url.search;
}

function toSecondFactor(astro: AdminAstro, path: string): Response {
  const here = safeReturnPath(hereOf(astro));
  const target = localizePath(path, astro.locals.locale) + (here ? `?redirect=${encodeURIComponent(here)}` : '');
  const response = astro.redirect(target, 302);
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

/**
 * The gate of every back-office page (docs/backoffice.md "Staff sign-in"), before anything is read:
 * - signed out: the sign-in page, coming back here;
 * - a member who is not staff: 403 (the page renders the shell's refusal);
 * - staff without an authenticator: its set-up; staff whose session has not passed it, or was idle 30 minutes:
 *   the code page — each coming back here;
 * - staff whose role lacks `capability`: 403.
 * Pages are private (`no-store`) and never indexed.
 * `const gate = await adminPage(Astro, 'members'); if (gate instanceof Response) return gate;`
 */
export async function adminPage(astro: AdminAstro, capability: StaffCapability): Promise<Response | AdminGate> {
  const user = astro.locals.user;
  if (!user) return signInRedirect(astro);
  for (const [name, value] of Object.entries(PRIVATE_PAGE)) astro.response.headers.set(name, value);
  const request = formPageRequest(astro);
  const actor = staffActorOf(user, clientIp(astro.request.headers, astro.clientAddress));
  const capabilities = capabilitiesOf(user.role);
  if (!isStaffRole(user.role)) {
    astro.response.status = 403;
    return { user, actor, capabilities, forbidden: true, request };
  }
  const state = await openStaffSession(await getDb(), user);
  if (state === 'no_factor') return toSecondFactor(astro, ADMIN_TWO_FACTOR_SETUP_PATH);
  if (state === 'needs_code') return toSecondFactor(astro, ADMIN_TWO_FACTOR_PATH);
  const forbidden = !holds(user, capability);
  if (forbidden) astro.response.status = 403;
  return { user, actor, capabilities, forbidden, request };
}
