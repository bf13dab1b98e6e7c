import type { ACTIVITIES, AGE_RANGES, GENDERS, TURNOVER_PERIODS, Tier, TraderStatus } from '../../features/accounts/constants';
import type { MessageKey } from '../../i18n/t';

/** Dictionary keys of the accounts vocabulary, shared by the profile islands and the server-rendered pages. */
export const TRADER_STATUS_LABEL: Record<TraderStatus, MessageKey> = {
  farmer: 'auth.kind_farmer',
  trader: 'auth.kind_trader',
  input_seller: 'auth.kind_input_seller',
  cooperative: 'auth.kind_cooperative',
};

export const TIER_LABEL: Record<Tier, MessageKey> = {
  basic: 'tiers.basic',
  bronze: 'tiers.bronze',
  silver: 'tiers.silver',
  gold: 'tiers.gold',
};

export const ACTIVITY_LABEL: Record<(typeof ACTIVITIES)[number], MessageKey> = {
  crop_farming: 'accounts.activity_crop_farming',
  livestock: 'accounts.activity_livestock',
  mixed_farming: 'accounts.activity_mixed_farming',
  horticulture: 'accounts.activity_horticulture',
  trading: 'accounts.activity_trading',
  processing: 'accounts.activity_processing',
  input_supply: 'accounts.activity_input_supply',
  transport_storage: 'accounts.activity_transport_storage',
  other: 'accounts.activity_other',
};

export const GENDER_LABEL: Record<(typeof GENDERS)[number], MessageKey> = {
  male: 'accounts.gender_male',
  female: 'accounts.gender_female',
};

export const AGE_RANGE_LABEL: Record<(typeof AGE_RANGES)[number], MessageKey> = {
  under_16: 'accounts.age_under_16',
  '16_25': 'accounts.age_16_25',
  '26_35': 'accounts.age_26_35',
  '36_45': 'accounts.age_36_45',
  '46_55': 'accounts.age_46_55',
  over_55: 'accounts.age_over_55',
};

export const TURNOVER_PERIOD_LABEL: Record<(typeof TURNOVER_PERIODS)[number], MessageKey> = {
  month: 'accounts.turnover_per_month',
  year: 'accounts.turnover_per_year',
};
