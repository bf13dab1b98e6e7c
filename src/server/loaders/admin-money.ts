import { inArray } from 'drizzle-orm';
import {
  disputeDecisionSchema,
  payoutDecisionSchema,
  platformSettingSchema,
  reconcileRepairSchema,
} from '~/features/admin/money';
import { localizePath } from '~/i18n/paths';
import { parseInput } from '~/server/api/validate';
import { getDb } from '~/server/db';
import { currencies } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { decideDispute } from '~/server/services/admin/decide-dispute';
import { decideStaffPayout } from '~/server/services/admin/decide-staff-payout';
import { type OpenDisputeItem, listOpenDisputes } from '~/server/services/admin/list-open-disputes';
import { type PlatformSettingItem, listPlatformSettings } from '~/server/services/admin/list-platform-settings';
import { type StaffPayoutItem, listStaffPayouts } from '~/server/services/admin/list-staff-payouts';
import { type DisputeCase, readDisputeCase } from '~/server/services/admin/read-dispute-case';
import { type ReconciliationReport, runReconciliation } from '~/server/services/admin/run-reconciliation';
import { updatePlatformSetting } from '~/server/services/admin/update-platform-setting';
import { updateFormDone } from './admin-deals';
import type { AdminGate } from './admin';
import { type FormState, type PageOutcome, PRIVATE_PAGE, blankForm, handleFormPost } from './form-post';

/**
 * The back office's Money pages (docs/backoffice.md "Money"): /admin/money (open disputes), /admin/money/disputes/{id}
 * (one dispute and its decision), /admin/money/payouts, /admin/money/reconciliation and /admin/money/settings. Plain
 * HTML forms posted to their own page; a destructive one needs its confirmation box ticked. The services check the
 * capability `money` again.
 */
export const MONEY_PATH = '/admin/money';

/** A destructive form's box: unticked, nothing is done (422 on `confirm`). */
function requireConfirm(fields: Record<string, string>) {
  if (fields.confirm !== '1' && fields.confirm !== 'on')
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { confirm: [{ key: 'admin.confirm_required' }] },
    });
}

const ok = <View>(view: View): PageOutcome<View> => ({ view, status: 200, headers: PRIVATE_PAGE });

export async function loadDisputesPage(gate: AdminGate): Promise<{ items: OpenDisputeItem[] }> {
  return { items: await listOpenDisputes(await getDb(), gate.actor) };
}

export interface DisputeCaseView {
  item: DisputeCase;
  form: FormState;
  done: string | undefined;
}

export async function loadDisputeCasePage(gate: AdminGate, id: number): Promise<PageOutcome<DisputeCaseView>> {
  const db = await getDb();
  const request = gate.request;
  const action = localizePath(`${MONEY_PATH}/disputes/${id}`, request.locale);
  const view = async (form: FormState): Promise<DisputeCaseView> => ({
    item: await readDisputeCase(db, gate.actor, id),
    form,
    done: updateFormDone(request.url, ['release', 'refund', 'split']),
  });
  if (request.request.method !== 'POST') return ok(await view(blankForm(request, action, { decision: 'release' })));
  return handleFormPost(request, {
    action,
    shownFields: ['decision', 'seller_amount', 'note', 'step_up', 'confirm'],
    keep: (fields) => ({ decision: fields.decision, seller_amount: fields.seller_amount, note: fields.note }),
    run: async (fields) => {
      requireConfirm(fields);
      const input = parseInput(disputeDecisionSchema(request.locale), fields);
      const done = await decideDispute(db, gate.actor, id, input);
      return `${action}?done=${done.decision}`;
    },
    view: (form) => view(form),
  });
}

export interface PayoutsView {
  items: (StaffPayoutItem & { decimals: number })[];
  form: FormState;
  /** The payout the refused form was about. */
  reference: string | undefined;
  done: string | undefined;
}

export async function loadPayoutsPage(gate: AdminGate): Promise<PageOutcome<PayoutsView>> {
  const db = await getDb();
  const request = gate.request;
  const action = localizePath(`${MONEY_PATH}/payouts`, request.locale);
  const view = async (form: FormState, reference?: string): Promise<PayoutsView> => {
    const items = await listStaffPayouts(db, gate.actor);
    const codes = [...new Set(items.map((item) => item.currency))];
    const decimals = new Map(
      codes.length === 0
        ? []
        : (
            await db
              .select({ code: currencies.code, decimals: currencies.decimals })
              .from(currencies)
              .where(inArray(currencies.code, codes))
          ).map((row) => [row.code.trim(), row.decimals] as const),
    );
    return {
      items: items.map((item) => ({ ...item, decimals: decimals.get(item.currency) ?? 2 })),
      form,
      reference,
      done: updateFormDone(request.url, ['approve', 'decline']),
    };
  };
  if (request.request.method !== 'POST') return ok(await view(blankForm(request, action)));
  return handleFormPost(request, {
    action,
    shownFields: ['reason', 'step_up', 'confirm'],
    keep: (fields) => ({ reason: fields.reason }),
    run: async (fields) => {
      requireConfirm(fields);
      const input = parseInput(payoutDecisionSchema, fields);
      await decideStaffPayout(db, gate.actor, fields.reference ?? '', input);
      return `${action}?done=${input.decision}`;
    },
    view: (form, _error, fields) => view(form, fields.reference),
  });
}

export interface ReconciliationView {
  report: ReconciliationReport;
  form: FormState;
}

export async function loadReconciliationPage(gate: AdminGate): Promise<PageOutcome<ReconciliationView>> {
  const db = await getDb();
  const request = gate.request;
  const action = localizePath(`${MONEY_PATH}/reconciliation`, request.locale);
  if (request.request.method !== 'POST')
    return ok({ report: await runReconciliation(db, gate.actor), form: blankForm(request, action) });
  // The repair's own report is shown at once (a redirect would run a plain report instead).
  let repaired: ReconciliationReport | undefined;
  const outcome = await handleFormPost(request, {
    action,
    shownFields: ['step_up', 'confirm'],
    keep: () => ({}),
    run: async (fields) => {
      requireConfirm(fields);
      const input = parseInput(reconcileRepairSchema, fields);
      repaired = await runReconciliation(db, gate.actor, { repair: true, stepUp: input.step_up });
      return action;
    },
    view: async (form) => ({ report: await runReconciliation(db, gate.actor), form }),
  });
  if ('redirect' in outcome && repaired) return ok({ report: repaired, form: blankForm(request, action) });
  return outcome;
}

export interface SettingsView {
  items: PlatformSettingItem[];
  form: FormState;
  key: string | undefined;
  done: boolean;
}

export async function loadSettingsPage(gate: AdminGate): Promise<PageOutcome<SettingsView>> {
  const db = await getDb();
  const request = gate.request;
  const action = localizePath(`${MONEY_PATH}/settings`, request.locale);
  const view = async (form: FormState, key?: string): Promise<SettingsView> => ({
    items: await listPlatformSettings(db, gate.actor),
    form,
    key,
    done: request.url.searchParams.get('done') === 'saved',
  });
  if (request.request.method !== 'POST') return ok(await view(blankForm(request, action)));
  return handleFormPost(request, {
    action,
    shownFields: ['value', 'step_up'],
    run: async (fields) => {
      await updatePlatformSetting(db, gate.actor, parseInput(platformSettingSchema(request.locale), fields));
      return `${action}?done=saved`;
    },
    view: (form, _error, fields) => view(form, fields.key),
  });
}
