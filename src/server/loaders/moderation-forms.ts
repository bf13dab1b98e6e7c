import { appealSchema, reportSchema } from '~/features/admin/moderation';
import { localizePath } from '~/i18n/paths';
import { parseInput } from '~/server/api/validate';
import { AppError } from '~/server/errors';
import { getDb } from '~/server/db';
import { appealLot } from '~/server/services/moderation/appeal-lot';
import { reportContent } from '~/server/services/moderation/report-content';
import {
  type FormPageRequest,
  type FormState,
  type PageOutcome,
  PRIVATE_PAGE,
  blankForm,
  handleFormPost,
} from './form-post';

type ReportField = 'reason' | 'comment';
type AppealField = 'text';

/** Where the form came from (a lot's page, a profile), to go back to: a path of this site only. */
function backPath(request: FormPageRequest, value: string | null | undefined): string {
  const path = value ?? '';
  return /^\/[a-z0-9/_-]*$/i.test(path) && !path.startsWith('//') ? path : localizePath('/', request.locale);
}

export interface ReportView {
  form: FormState<ReportField>;
  target: { type: 'lot' | 'profile'; id: string };
  back: string;
  sent: boolean;
}

/**
 * /moderation/report (docs/backoffice.md "Moderation"): the "Report this lot / profile" form of lot and profile
 * pages, posted here without JavaScript, run through the same schema and service as `POST /api-v2/moderation/report`;
 * on success the page thanks the member with a link back.
 */
export async function loadReportPage(request: FormPageRequest): Promise<PageOutcome<ReportView>> {
  const action = localizePath('/moderation/report', request.locale);
  const query = request.url.searchParams;
  const view = (form: FormState<ReportField>, fields: Record<string, string>, sent = false): ReportView => {
    const type = (fields.target_type ?? query.get('target_type')) === 'profile' ? 'profile' : 'lot';
    const id =
      (type === 'lot' ? (fields.lot_id ?? query.get('lot_id')) : (fields.user_id ?? query.get('user_id'))) ?? '';
    return { form, target: { type, id }, back: backPath(request, fields.back ?? query.get('back')), sent };
  };
  if (request.request.method !== 'POST')
    return {
      view: view(blankForm(request, action), {}, query.get('sent') === '1'),
      status: 200,
      headers: PRIVATE_PAGE,
    };
  return handleFormPost<ReportField, ReportView>(request, {
    action,
    shownFields: ['reason', 'comment'],
    run: async (fields) => {
      if (!request.user) throw new AppError('unauthorized', 'errors.unauthorized');
      const input = parseInput(reportSchema, fields);
      await reportContent(await getDb(), request.user.id, {
        targetType: input.target_type,
        lotId: input.lot_id,
        userId: input.user_id,
        reason: input.reason,
        comment: input.comment,
      });
      const params = new URLSearchParams({ sent: '1', back: backPath(request, fields.back) });
      return `${action}?${params}`;
    },
    view: (form, _error, fields) => view(form, fields),
  });
}

export interface AppealView {
  form: FormState<AppealField>;
  lotId: string;
  back: string;
}

/**
 * /moderation/appeal (docs/backoffice.md "Moderation"): the owner's one appeal against the hiding of their lot, as
 * `POST /api-v2/moderation/appeal`; back to the lot's page (which then says the appeal waits).
 */
export async function loadAppealPage(request: FormPageRequest): Promise<PageOutcome<AppealView>> {
  const action = localizePath('/moderation/appeal', request.locale);
  const query = request.url.searchParams;
  const view = (form: FormState<AppealField>, fields: Record<string, string>): AppealView => ({
    form,
    lotId: fields.lot_id ?? query.get('lot_id') ?? '',
    back: backPath(request, fields.back ?? query.get('back')),
  });
  if (request.request.method !== 'POST')
    return { view: view(blankForm(request, action), {}), status: 200, headers: PRIVATE_PAGE };
  return handleFormPost<AppealField, AppealView>(request, {
    action,
    shownFields: ['text'],
    run: async (fields) => {
      if (!request.user) throw new AppError('unauthorized', 'errors.unauthorized');
      const input = parseInput(appealSchema, fields);
      await appealLot(await getDb(), request.user.id, { lotId: input.lot_id, text: input.text });
      return backPath(request, fields.back);
    },
    view: (form, _error, fields) => view(form, fields),
  });
}
