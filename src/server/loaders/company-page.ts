import { COMPANY_PERMISSIONS, COMPANY_TYPES, INTEREST_KINDS } from '~/features/companies/constants';
import {
  INTEREST_CATEGORY_KINDS,
  changePermissionSchema,
  companyCreateSchema,
  companyDocumentSchema,
  companyUpdateSchema,
  interestSchema,
  inviteSchema,
  joinRequestIdSchema,
  joinRequestSchema,
  memberSchema,
} from '~/features/companies/schemas';
import { LOT_KIND_LABEL } from '~/features/lots/labels';
import { formatDate } from '~/i18n/format';
import { localizePath } from '~/i18n/paths';
import { type MessageKey, createTranslator } from '~/i18n/t';
import { parseInput } from '~/server/api/validate';
import { getDb } from '~/server/db';
import { AppError, isAppError } from '~/server/errors';
import { addInterest } from '~/server/services/companies/add-interest';
import { answerInvite } from '~/server/services/companies/answer-invite';
import { changePermission } from '~/server/services/companies/change-permission';
import { createCompany } from '~/server/services/companies/create-company';
import { decideJoinRequest } from '~/server/services/companies/decide-join-request';
import { deleteCompany } from '~/server/services/companies/delete-company';
import { deleteCompanyDocument } from '~/server/services/companies/delete-company-document';
import { inviteMember } from '~/server/services/companies/invite-member';
import { leaveCompany } from '~/server/services/companies/leave-company';
import { listCompanyDocumentTypesByCategory } from '~/server/services/companies/list-company-document-types';
import { listMyJoinRequests } from '~/server/services/companies/list-my-join-requests';
import { readMyCompany } from '~/server/services/companies/read-my-company';
import { removeInterest } from '~/server/services/companies/remove-interest';
import { removeMember } from '~/server/services/companies/remove-member';
import { requestToJoin } from '~/server/services/companies/request-to-join';
import { updateCompany } from '~/server/services/companies/update-company';
import { uploadCompanyDocument } from '~/server/services/companies/upload-company-document';
import { uploadCompanyLogo } from '~/server/services/companies/upload-company-logo';
import { listCategoriesFlat } from '~/server/services/reference/list-categories';
import { listCountries } from '~/server/services/reference/list-countries';
import { listCountryRegions } from '~/server/services/reference/list-regions';
import {
  type FormPageRequest,
  handleFormPost,
  type FormState,
  PRIVATE_PAGE,
  type PageOutcome,
  blankForm,
  readMultipartForm,
} from './form-post';

/**
 * The member's company page (/user/profile/company and the cabinet card `company`, docs/companies.md "Screens"):
 * with no company, the forms to create one or ask to join one by its code and the member's own invitations and
 * requests; in a company, its details, logo, documents, interests and team, with the administrators' forms. Every
 * form is a plain HTML POST to this page with an `action` field; a done step redirects (303) back with `?done=`,
 * a refused one shows the page again with the error beside its field and the status the API answers with.
 */
export const COMPANY_PATH = '/user/profile/company';

export const COMPANY_ACTIONS = [
  'create',
  'join',
  'accept_invite',
  'decline_invite',
  'update',
  'logo',
  'upload_document',
  'delete_document',
  'add_interest',
  'remove_interest',
  'invite',
  'approve_request',
  'decline_request',
  'change_permission',
  'remove_member',
  'leave',
  'delete',
] as const;
export type CompanyAction = (typeof COMPANY_ACTIONS)[number];

/** The notice each done step shows after its redirect (`?done={action}`). */
export const DONE_MESSAGE: Record<CompanyAction, MessageKey> = {
  create: 'companies.created',
  join: 'companies.join_request_sent',
  accept_invite: 'companies.approved',
  decline_invite: 'companies.declined',
  update: 'companies.updated',
  logo: 'companies.logo_updated',
  upload_document: 'companies.document_uploaded',
  delete_document: 'companies.document_deleted',
  add_interest: 'companies.interest_added',
  remove_interest: 'companies.interest_removed',
  invite: 'companies.invitation_sent',
  approve_request: 'companies.approved',
  decline_request: 'companies.declined',
  change_permission: 'companies.permission_changed',
  remove_member: 'companies.member_removed',
  leave: 'companies.left',
  delete: 'companies.deleted',
};

const INTEREST_NAME: Record<(typeof INTEREST_KINDS)[number], MessageKey> = {
  sell: 'company_page.interest_sell',
  buy: 'company_page.interest_buy',
};
const PERMISSION_NAME: Record<(typeof COMPANY_PERMISSIONS)[number], MessageKey> = {
  administrator: 'company_page.permission_administrator',
  manager: 'company_page.permission_manager',
};

/** Steps that cannot be undone: their form carries a `confirm` checkbox the member must tick. */
const NEEDS_CONFIRM: readonly CompanyAction[] = ['leave', 'delete', 'remove_member'];

/** Every field a company form shows (errors of these sit beside the field; others join the alert). */
const SHOWN_FIELDS = [
  'title',
  'entity_number',
  'type_id',
  'country_id',
  'region_id',
  'phone',
  'email',
  'website',
  'description',
  'latitude',
  'longitude',
  'code',
  'referral_code',
  'logo',
  'file',
  'document_type_id',
  'interest',
  'kind',
  'permission',
  'confirm',
] as const;
export type CompanyField = (typeof SHOWN_FIELDS)[number];

/** Files may be this large (a document: 20 MB) plus the form around them. */
const MAX_UPLOAD_FORM_BYTES = 21 * 1024 * 1024;

type MyCompany = Awaited<ReturnType<typeof readMyCompany>>;
type Company = NonNullable<MyCompany['company']>;

export interface CompanyPageView {
  /** The member's company as its team sees it, or null. */
  company: (Company & { typeName: string; created: string }) | null;
  isAdministrator: boolean;
  permission: string | null;
  team: { user_id: number; name: string; permission: string; joined: string; isYou: boolean }[];
  requests: { id: number; name: string; date: string }[];
  invitationsSent: { id: number; name: string; date: string }[];
  documents: { id: number; type: string; name: string; url: string; date: string }[];
  interests: { id: number; kind: string; kindName: string; category: string; lotKind: string }[];
  /** The member's own pending invitations and requests (shown when they are in no company). */
  myInvitations: { id: number; company: string; logo: string | null; date: string }[];
  myRequests: { id: number; company: string; date: string }[];
  types: { id: number; name: string }[];
  countries: { id: number; name: string }[];
  regions: { id: number; name: string }[];
  documentTypes: { name: string; items: { id: number; name: string }[] }[];
  interestOptions: { kind: string; name: string; items: { value: string; name: string; level: number }[] }[];
  interestKinds: { value: string; name: string }[];
  permissions: { value: string; name: string }[];
  /** The form that was posted and refused (its values and errors), or a blank one with the page's token. */
  form: FormState<CompanyField>;
  /** Which form `form` belongs to, when a post was refused. */
  failedAction: CompanyAction | null;
  /** The notice of a step just done. */
  done: string | null;
}

const typeName = (id: number, t: ReturnType<typeof createTranslator>) => {
  const type = COMPANY_TYPES.find((item) => item.id === id);
  return type ? t(`catalogue.company_type_${type.key}` as MessageKey) : '';
};

/** The company's saved fields as the edit form shows them. */
function companyValues(company: Company): Partial<Record<CompanyField, string>> {
  const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
  return {
    title: company.title,
    entity_number: company.entity_number,
    type_id: String(company.type_id),
    country_id: String(company.country_id),
    region_id: text(company.region_id),
    phone: text(company.phone),
    email: text(company.email),
    website: text(company.website),
    description: text(company.description),
    latitude: text(company.latitude),
    longitude: text(company.longitude),
  };
}

const confirmMissing = () =>
  new AppError('validation_failed', 'errors.validation_failed', {
    fields: { confirm: [{ key: 'company_page.confirm_required' }] },
  });

/** Runs one posted step for the signed-in member through its service (each checks access itself). */
async function runAction(
  db: Awaited<ReturnType<typeof getDb>>,
  userId: number,
  action: CompanyAction,
  fields: Record<string, string>,
  files: Record<string, File>,
): Promise<void> {
  if (NEEDS_CONFIRM.includes(action) && fields.confirm !== '1') throw confirmMissing();
  const id = () => parseInput(joinRequestIdSchema, { id: fields.id }).id;
  switch (action) {
    case 'create':
      await createCompany(db, userId, parseInput(companyCreateSchema, fields));
      return;
    case 'update': {
      // The edit form sends every field: a blank optional one clears it (the service's rule).
      const body = parseInput(companyUpdateSchema, fields);
      const cleared = ['region_id', 'phone', 'email', 'website', 'description', 'latitude', 'longitude'] as const;
      const input: Record<string, unknown> = { ...body };
      for (const name of cleared) if (!(name in input) || input[name] === undefined) input[name] = undefined;
      await updateCompany(db, userId, input as typeof body);
      return;
    }
    case 'join':
      await requestToJoin(db, userId, parseInput(joinRequestSchema, fields).code);
      return;
    case 'accept_invite':
    case 'decline_invite':
      await answerInvite(db, userId, id(), action === 'accept_invite');
      return;
    case 'logo':
      await uploadCompanyLogo(db, userId, files.logo);
      return;
    case 'upload_document': {
      const { document_type_id } = parseInput(companyDocumentSchema, fields);
      await uploadCompanyDocument(db, userId, document_type_id, files.file);
      return;
    }
    case 'delete_document':
      await deleteCompanyDocument(db, userId, id());
      return;
    case 'add_interest': {
      // One select names the lot kind and the category: `board:12`.
      const [categoryKind, categoryId] = (fields.interest ?? '').split(':');
      try {
        await addInterest(
          db,
          userId,
          parseInput(interestSchema, { kind: fields.kind, category_kind: categoryKind, category_id: categoryId }),
        );
      } catch (error) {
        if (isAppError(error) && error.fields && ('category_kind' in error.fields || 'category_id' in error.fields))
          throw new AppError(error.code, error.messageKey, {
            fields: { ...error.fields, interest: error.fields.category_id ?? error.fields.category_kind },
          });
        throw error;
      }
      return;
    }
    case 'remove_interest':
      await removeInterest(db, userId, id());
      return;
    case 'invite':
      await inviteMember(db, userId, parseInput(inviteSchema, fields).referral_code);
      return;
    case 'approve_request':
    case 'decline_request':
      await decideJoinRequest(db, userId, id(), action === 'approve_request');
      return;
    case 'change_permission': {
      const body = parseInput(changePermissionSchema, fields);
      await changePermission(db, userId, body.user_id, body.permission);
      return;
    }
    case 'remove_member':
      await removeMember(db, userId, parseInput(memberSchema, fields).user_id);
      return;
    case 'leave':
      await leaveCompany(db, userId);
      return;
    case 'delete':
      await deleteCompany(db, userId);
      return;
  }
}

export async function loadCompanyPage(request: FormPageRequest): Promise<PageOutcome<CompanyPageView> | undefined> {
  const user = request.user;
  if (!user) return undefined;
  const { locale } = request;
  const t = createTranslator(locale);
  const db = await getDb();
  const action = localizePath(COMPANY_PATH, locale);
  const date = (value: Date) => formatDate(value, locale, { dateStyle: 'medium' });

  const view = async (form: FormState<CompanyField>, failedAction: CompanyAction | null): Promise<CompanyPageView> => {
    const [mine, own, countries, documentTypes, categoryLists] = await Promise.all([
      readMyCompany(db, user.id, locale),
      listMyJoinRequests(db, user.id),
      listCountries(db, locale),
      listCompanyDocumentTypesByCategory(db, locale),
      Promise.all(INTEREST_CATEGORY_KINDS.map((kind) => listCategoriesFlat(db, kind, locale))),
    ]);
    const company = mine.company;
    // The edit and create forms show what was posted after a refusal, else the company's saved fields.
    const companyForm = failedAction === 'create' || failedAction === 'update';
    const values = companyForm || !company ? form.values : { ...companyValues(company), ...form.values };
    const countryId = Number(values.country_id) || (company ? company.country_id : 0);
    const regions = countryId ? await listCountryRegions(db, countryId, locale) : [];
    return {
      company: company
        ? { ...company, typeName: typeName(company.type_id, t), created: date(company.created_at) }
        : null,
      isAdministrator: 'permission' in mine && mine.permission === 'administrator',
      permission: 'permission' in mine ? (mine.permission ?? null) : null,
      team: (mine.team ?? []).map((m) => ({
        user_id: m.user_id,
        name: m.name,
        permission: m.permission,
        joined: date(m.joined_at),
        isYou: m.user_id === user.id,
      })),
      requests: (mine.requests ?? []).map((r) => ({ id: r.id, name: r.name, date: date(r.created_at) })),
      invitationsSent: (mine.invitations ?? []).map((r) => ({ id: r.id, name: r.name, date: date(r.created_at) })),
      documents: (mine.documents ?? []).map((d) => ({
        id: d.id,
        type: d.type,
        name: d.name,
        url: d.url,
        date: date(d.created_at),
      })),
      interests: (mine.interests ?? []).map((i) => ({
        id: i.id,
        kind: i.kind,
        kindName: t(INTEREST_NAME[i.kind]),
        category: i.category,
        lotKind: t(LOT_KIND_LABEL[i.category_kind]),
      })),
      myInvitations: own.invitations.map((r) => ({
        id: r.id,
        company: r.company_title,
        logo: r.company_logo,
        date: date(r.created_at),
      })),
      myRequests: own.requests.map((r) => ({ id: r.id, company: r.company_title, date: date(r.created_at) })),
      types: COMPANY_TYPES.map((type) => ({ id: type.id, name: typeName(type.id, t) })),
      countries: countries.map((c) => ({ id: c.id, name: c.name })),
      regions: regions.map((r) => ({ id: r.id, name: r.name })),
      documentTypes: documentTypes.map((group) => ({ name: group.name, items: group.items })),
      interestOptions: INTEREST_CATEGORY_KINDS.map((kind, index) => ({
        kind,
        name: t(LOT_KIND_LABEL[kind]),
        items: categoryLists[index].map((c) => ({ value: `${kind}:${c.id}`, name: c.name, level: c.level })),
      })),
      interestKinds: INTEREST_KINDS.map((kind) => ({ value: kind, name: t(INTEREST_NAME[kind]) })),
      permissions: COMPANY_PERMISSIONS.map((p) => ({ value: p, name: t(PERMISSION_NAME[p]) })),
      form: { ...form, values },
      failedAction,
      done: null,
    };
  };

  if (request.request.method !== 'POST') {
    const page = await view(blankForm(request, action), null);
    const done = request.url.searchParams.get('done');
    if (done && (COMPANY_ACTIONS as readonly string[]).includes(done))
      page.done = t(DONE_MESSAGE[done as CompanyAction]);
    return { view: page, status: 200, headers: PRIVATE_PAGE };
  }

  let files: Record<string, File> = {};
  let posted: CompanyAction | null = null;
  return handleFormPost(request, {
    action,
    shownFields: SHOWN_FIELDS,
    read: async (posting) => {
      const read = await readMultipartForm(posting, MAX_UPLOAD_FORM_BYTES);
      files = read.files;
      return read.fields;
    },
    run: async (fields) => {
      if (!(COMPANY_ACTIONS as readonly string[]).includes(fields.action ?? ''))
        throw new AppError('bad_request', 'errors.bad_request');
      posted = fields.action as CompanyAction;
      await runAction(db, user.id, posted, fields, files);
      return `${action}?done=${posted}`;
    },
    keep: ({ form_token: _token, action: _action, id: _id, confirm: _confirm, ...values }) => values,
    view: (state) => view(state, posted),
  });
}
