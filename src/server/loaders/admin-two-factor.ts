import { renderSVG } from 'uqr';
import { staffCodeSchema } from '~/features/admin/two-factor';
import { localizePath } from '~/i18n/paths';
import { parseInput } from '~/server/api/validate';
import { getDb } from '~/server/db';
import { AppError } from '~/server/errors';
import { safeReturnPath } from '~/server/http/return-path';
import { staffActorOf } from '~/server/services/admin/access';
import { confirmTwoFactorSetup } from '~/server/services/admin/confirm-two-factor-setup';
import { openStaffSession } from '~/server/services/admin/open-staff-session';
import { startTwoFactorSetup } from '~/server/services/admin/start-two-factor-setup';
import { verifyStaffCode } from '~/server/services/admin/verify-staff-code';
import { ADMIN_TWO_FACTOR_PATH, ADMIN_TWO_FACTOR_SETUP_PATH } from './admin';
import {
  type FormPageRequest,
  type FormState,
  PRIVATE_PAGE,
  type PageOutcome,
  blankForm,
  failedForm,
  guardFormPost,
  readForm,
} from './form-post';

/**
 * The back office's second factor (docs/backoffice.md "Staff sign-in"): /admin/two-factor/setup (first entry: the
 * authenticator's QR code and secret, then its first code; answers the recovery codes once) and /admin/two-factor
 * (a code or a recovery code; then back to the page asked for). Plain HTML forms, no JavaScript. The pages check that
 * a member is signed in; a member who is not staff gets 403 here.
 */
type Field = 'code';

export type TwoFactorSetupView =
  | { state: 'forbidden' }
  | { state: 'scan'; secret: string; qrSvg: string; form: FormState<Field> }
  | { state: 'done'; recoveryCodes: string[]; next: string };

export type TwoFactorView = { state: 'forbidden' } | { state: 'ask'; form: FormState<Field> };

/** Where the visitor goes once through: the safe `redirect` of the address, else the dashboard. */
function nextOf(request: FormPageRequest): string {
  return safeReturnPath(request.url.searchParams.get('redirect')) ?? localizePath('/admin', request.locale);
}

const actionOf = (request: FormPageRequest, path: string) => localizePath(path, request.locale) + request.url.search;

function userOf(request: FormPageRequest) {
  if (!request.user) throw new AppError('unauthorized', 'errors.unauthorized');
  return request.user;
}

export async function loadTwoFactorSetupPage(request: FormPageRequest): Promise<PageOutcome<TwoFactorSetupView>> {
  const user = userOf(request);
  const db = await getDb();
  const state = await openStaffSession(db, user);
  if (state === 'not_staff') return { view: { state: 'forbidden' }, status: 403, headers: PRIVATE_PAGE };
  if (state !== 'no_factor') {
    const target = localizePath(ADMIN_TWO_FACTOR_PATH, request.locale) + request.url.search;
    return { redirect: target, status: request.request.method === 'POST' ? 303 : 302, headers: PRIVATE_PAGE };
  }
  const action = actionOf(request, ADMIN_TWO_FACTOR_SETUP_PATH);
  const { secret, uri } = await startTwoFactorSetup(db, user);
  const scan = (form: FormState<Field>): TwoFactorSetupView => ({
    state: 'scan',
    secret,
    qrSvg: renderSVG(uri, { border: 2 }),
    form,
  });
  if (request.request.method !== 'POST')
    return { view: scan(blankForm(request, action)), status: 200, headers: PRIVATE_PAGE };
  try {
    const fields = await readForm(request.request);
    guardFormPost(request, fields);
    const { code } = parseInput(staffCodeSchema, fields);
    const { recoveryCodes } = await confirmTwoFactorSetup(db, staffActorOf(user, request.ip), code);
    return { view: { state: 'done', recoveryCodes, next: nextOf(request) }, status: 200, headers: PRIVATE_PAGE };
  } catch (error) {
    const failed = failedForm<Field>(error, request, { action, shownFields: ['code'], values: {} });
    return { view: scan(failed.state), status: failed.status, headers: failed.headers };
  }
}

export async function loadTwoFactorPage(request: FormPageRequest): Promise<PageOutcome<TwoFactorView>> {
  const user = userOf(request);
  const db = await getDb();
  const state = await openStaffSession(db, user);
  if (state === 'not_staff') return { view: { state: 'forbidden' }, status: 403, headers: PRIVATE_PAGE };
  if (state === 'no_factor') {
    const target = localizePath(ADMIN_TWO_FACTOR_SETUP_PATH, request.locale) + request.url.search;
    return { redirect: target, status: request.request.method === 'POST' ? 303 : 302, headers: PRIVATE_PAGE };
  }
  const action = actionOf(request, ADMIN_TWO_FACTOR_PATH);
  if (request.request.method !== 'POST') {
    if (state === 'open') return { redirect: nextOf(request), status: 302, headers: PRIVATE_PAGE };
    return { view: { state: 'ask', form: blankForm(request, action) }, status: 200, headers: PRIVATE_PAGE };
  }
  try {
    const fields = await readForm(request.request);
    guardFormPost(request, fields);
    const { code } = parseInput(staffCodeSchema, fields);
    await verifyStaffCode(db, staffActorOf(user, request.ip), code);
    return { redirect: nextOf(request), status: 303, headers: PRIVATE_PAGE };
  } catch (error) {
    const failed = failedForm<Field>(error, request, { action, shownFields: ['code'], values: {} });
    return { view: { state: 'ask', form: failed.state }, status: failed.status, headers: failed.headers };
  }
}
