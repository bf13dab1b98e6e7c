import { z } from 'zod';
import {
  adminCompaniesQuerySchema,
  adminDecideSchema,
  adminSetVerifierSchema,
  adminUnverifySchema,
  adminVerifySchema,
} from '~/features/admin/verification';
import { parseId, requiredInt, toBoolean } from '~/features/validation/fields';
import { localizePath } from '~/i18n/paths';
import { parseInput } from '~/server/api/validate';
import { getDb } from '~/server/db';
import { AppError, isAppError } from '~/server/errors';
import { decideVerification } from '~/server/services/admin/decide-verification';
import { listAdminCompanies } from '~/server/services/admin/list-admin-companies';
import { listUnitVerifications } from '~/server/services/admin/list-unit-verifications';
import { listVerificationRequests } from '~/server/services/admin/list-verification-requests';
import { readAdminCompany } from '~/server/services/admin/read-admin-company';
import { unverifyUnit } from '~/server/services/admin/unverify-unit';
import { verificationActor } from '~/server/services/admin/verification-actor';
import { verifyUnit } from '~/server/services/admin/verify-unit';
import { setCompanyVerifier } from '~/server/services/verification/set-company-verifier';
import type { AdminGate } from './admin';
import { type FormState, type PageOutcome, PRIVATE_PAGE, blankForm, handleFormPost } from './form-post';

/**
 * The back office's verification and companies pages (docs/backoffice.md "Verification", "Companies"): the queue
 * with approve / decline forms, a member's or company's records with unverify forms (step-up, reason, confirm),
 * the companies list and a company's page with the verifier mark. Plain HTML forms posted to their own page.
 */
const pageOf = (url: URL) => parseId(url.searchParams.get('page')) ?? 1;
const withoutSecret = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).filter(([name]) => name !== 'step_up' && !name.startsWith('_')));

export type QueueView = {
  queue: Awaited<ReturnType<typeof listVerificationRequests>>;
  form: FormState;
  /** The request whose form was refused. */
  failedId: number | null;
  done: string | null;
};

/** /admin/verification: pending requests oldest first; `decide` posts approve or decline (a reason to decline). */
export async function loadVerificationQueue(gate: AdminGate): Promise<PageOutcome<QueueView>> {
  const db = await getDb();
  const { request } = gate;
  const action = localizePath('/admin/verification', request.locale);
  const page = pageOf(request.url);
  const view = async (form: FormState, failedId: number | null = null): Promise<QueueView> => ({
    queue: await listVerificationRequests(db, gate.actor, page),
    form,
    failedId,
    done: request.url.searchParams.get('done'),
  });
  if (request.request.method !== 'POST')
    return { view: await view(blankForm(request, action)), status: 200, headers: PRIVATE_PAGE };
  return handleFormPost(request, {
    action,
    shownFields: ['reason'],
    run: async (fields) => {
      const id = parseInput(z.object({ id: requiredInt() }), fields).id;
      const input = parseInput(adminDecideSchema, fields);
      await decideVerification(db, gate.actor, id, input);
      return `${action}?done=${input.decision}`;
    },
    view: (state, _error, fields) => view(state, parseId(fields.id) ?? null),
  });
}

export type RecordsView = {
  unit: Awaited<ReturnType<typeof listUnitVerifications>> | null;
  form: FormState;
  /** The form whose post was refused: an active type's unverify form, or `verify`. */
  failedType: string | null;
  done: 'unverified' | 'verified' | null;
};

/** The form a records-page post came from: `form=verify` is the verify form, anything else an unverify form. */
const isVerifyPost = (fields: Record<string, string>) => fields.form === 'verify';

/**
 * /admin/verification/records?unit=user|company&id=: the records, an unverify form per active type, and a verify form
 * (the types that fit the unit; step-up).
 */
export async function loadUnitRecords(gate: AdminGate): Promise<PageOutcome<RecordsView>> {
  const db = await getDb();
  const { request } = gate;
  const unitName = request.url.searchParams.get('unit') === 'company' ? 'company' : 'user';
  const id = parseId(request.url.searchParams.get('id'));
  const action = `${localizePath('/admin/verification/records', request.locale)}?unit=${unitName}&id=${id ?? ''}`;
  const read = async () => {
    if (id === undefined) return null;
    try {
      return await listUnitVerifications(db, gate.actor, unitName, id);
    } catch (error) {
      if (isAppError(error) && error.code === 'not_found') return null;
      throw error;
    }
  };
  const view = async (form: FormState, failedType: string | null = null): Promise<RecordsView> => ({
    unit: await read(),
    form,
    failedType,
    done: (['unverified', 'verified'] as const).find((d) => d === request.url.searchParams.get('done')) ?? null,
  });
  if (request.request.method !== 'POST') {
    const v = await view(blankForm(request, action));
    return { view: v, status: v.unit || id === undefined ? 200 : 404, headers: PRIVATE_PAGE };
  }
  return handleFormPost(request, {
    action,
    shownFields: (fields) => (isVerifyPost(fields) ? ['type', 'note', 'step_up'] : ['reason', 'step_up', 'confirm']),
    keep: withoutSecret,
    run: async (fields) => {
      if (isVerifyPost(fields)) {
        await verifyUnit(db, gate.actor, parseInput(adminVerifySchema, { ...fields, unit: unitName, id }));
        return `${action}&done=verified`;
      }
      if (toBoolean(fields.confirm) !== true)
        throw new AppError('validation_failed', 'errors.validation_failed', {
          fields: { confirm: [{ key: 'admin.confirm_required' }] },
        });
      await unverifyUnit(db, gate.actor, parseInput(adminUnverifySchema, { ...fields, unit: unitName, id }));
      return `${action}&done=unverified`;
    },
    view: (state, _error, fields) => view(state, isVerifyPost(fields) ? 'verify' : (fields.type ?? null)),
  });
}

export type CompaniesView = {
  list: Awaited<ReturnType<typeof listAdminCompanies>>;
  q: string;
};

/** /admin/companies: search by title or registration number, 30 a page. */
export async function loadAdminCompanies(gate: AdminGate): Promise<CompaniesView> {
  const q = gate.request.url.searchParams.get('q')?.trim().slice(0, 120) ?? '';
  const query = parseInput(adminCompaniesQuerySchema, { q, page: String(pageOf(gate.request.url)) });
  return { list: await listAdminCompanies(await getDb(), gate.actor, query), q };
}

export type CompanyView = {
  company: Awaited<ReturnType<typeof readAdminCompany>>;
  form: FormState;
  done: boolean;
};

/** /admin/companies/{id}: the company; `verifier` posts the verifier mark (on or off). Unknown id: null (404). */
export async function loadAdminCompany(
  gate: AdminGate,
  rawId: string | undefined,
): Promise<PageOutcome<CompanyView> | null> {
  const db = await getDb();
  const { request } = gate;
  const id = parseId(rawId);
  if (id === undefined) return null;
  const action = localizePath(`/admin/companies/${id}`, request.locale);
  let company: CompanyView['company'];
  try {
    company = await readAdminCompany(db, gate.actor, id);
  } catch (error) {
    if (isAppError(error) && error.code === 'not_found') return null;
    throw error;
  }
  if (request.request.method !== 'POST')
    return {
      view: { company, form: blankForm(request, action), done: request.url.searchParams.get('done') === 'verifier' },
      status: 200,
      headers: PRIVATE_PAGE,
    };
  return handleFormPost(request, {
    action,
    shownFields: ['is_verifier'],
    run: async (fields) => {
      const input = parseInput(adminSetVerifierSchema, fields);
      await setCompanyVerifier(db, verificationActor(gate.actor), { id, isVerifier: input.is_verifier });
      return `${action}?done=verifier`;
    },
    view: async (state) => ({ company: await readAdminCompany(db, gate.actor, id), form: state, done: false }),
  });
}
