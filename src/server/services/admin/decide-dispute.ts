import { hasDecimals } from '~/features/numbers/money';
import type { DisputeDecisionInput } from '~/features/admin/money';
import type { Database } from '~/server/db';
import { AppError } from '~/server/errors';
import { findFrozenMoney } from '~/server/services/deals/find-frozen-money';
import { type DisputeResolution, resolveDispute } from '~/server/services/deals/resolve-dispute';
import { findCurrency } from '~/server/services/reference/find-currency';
import { type StaffActor, requireCapability } from './access';
import { confirmStepUp } from './confirm-step-up';

const splitAmount = (max: string, key: 'validation.required' | 'offers.split_amount' | 'validation.max_decimals') =>
  new AppError('validation_failed', 'errors.validation_failed', {
    fields: { seller_amount: [{ key, vars: key === 'validation.required' ? undefined : { max } }] },
  });

/**
 * The back office's decision on a deal's open dispute (docs/backoffice.md "Money"): release, refund or split,
 * carried out by resolveDispute — the one movement of the frozen money, never a balance edited — with the audit
 * row in its transaction. Refund and split need the step-up. A split's seller amount comes typed in the deal's
 * currency (major units, already read by the locale-aware parser) and is turned into minor units here.
 * Capability `money`.
 */
export async function decideDispute(
  db: Database,
  actor: StaffActor,
  offerId: number,
  input: DisputeDecisionInput,
): Promise<DisputeResolution> {
  requireCapability(actor, 'money');
  let sellerAmount: number | undefined;
  if (input.decision === 'split') {
    const frozen = await findFrozenMoney(db, offerId);
    if (frozen?.status !== 'pending') throw new AppError('conflict', 'offers.not_frozen');
    const currency = await findCurrency(db, { code: frozen.currency.trim() });
    const decimals = currency?.decimals ?? 2;
    const max = String(frozen.amount / 10 ** decimals);
    if (input.seller_amount === undefined) throw splitAmount(max, 'validation.required');
    if (!hasDecimals(input.seller_amount, decimals)) throw splitAmount(String(decimals), 'validation.max_decimals');
    sellerAmount = Math.round(input.seller_amount * 10 ** decimals);
    if (sellerAmount <= 0 || sellerAmount >= frozen.amount) throw splitAmount(max, 'offers.split_amount');
  }
  if (input.decision !== 'release') await confirmStepUp(db, actor, input.step_up);
  return resolveDispute(db, {
    offerId,
    decision: input.decision,
    sellerAmount,
    deciderId: actor.id,
    note: input.note ?? null,
    audit: actor,
  });
}
