import type { TraderStatus } from '../../features/accounts/constants';
import type { MessageKey } from '../../i18n/t';

/*
 * The accounts vocabulary's other labels (activities, genders, age ranges, turnover periods) are the profile's
 * maps in ../profile/labels.ts, so the wizard and the profile always name them alike.
 */
export { ACTIVITY_LABEL, AGE_RANGE_LABEL, GENDER_LABEL, TURNOVER_PERIOD_LABEL } from '../profile/labels';

/** The kinds with the one-line explanation the sign-up choice shows (the same words as the options page). */
export const KIND_KEYS: Record<TraderStatus, { title: MessageKey; text: MessageKey }> = {
  farmer: { title: 'auth.kind_farmer', text: 'auth.kind_farmer_text' },
  trader: { title: 'auth.kind_trader', text: 'auth.kind_trader_text' },
  input_seller: { title: 'auth.kind_input_seller', text: 'auth.kind_input_seller_text' },
  cooperative: { title: 'auth.kind_cooperative', text: 'auth.kind_cooperative_text' },
};
