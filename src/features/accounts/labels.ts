import type { MessageKey } from '~/i18n/t';
import type {
  ACTIVITIES,
  ADDRESS_LABELS,
  AGE_RANGES,
  GENDERS,
  TURNOVER_PERIODS,
  Tier,
  TraderStatus,
} from './constants';

/**
 * Dictionary keys of the accounts vocabulary, one map per list in ./constants.ts. Server-rendered pages and
 * islands both name the values through these, so a kind or a range reads the same everywhere.
 */
export const TRADER_STATUS_LABEL: Record<TraderStatus, MessageKey> = {
  farmer: 'auth.kind_farmer',
  trader: 'auth.kind_trader',
  input_seller: 'auth.kind_input_seller',
  cooperative: 'auth.kind_cooperative',
};

/** The one-line explanation under each kind where a person chooses theirs (sign-up, options page). */
export const TRADER_STATUS_TEXT: Record<TraderStatus, MessageKey> = {
  farmer: 'auth.kind_farmer_text',
  trader: 'auth.kind_trader_text',
  input_seller: 'auth.kind_input_seller_text',
  cooperative: 'auth.kind_cooperative_text',
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

export const ADDRESS_LABEL_KEYS: Record<(typeof ADDRESS_LABELS)[number], MessageKey> = {
  home: 'address.label_home',
  work: 'address.label_work',
  farm: 'address.label_farm',
  warehouse: 'address.label_warehouse',
  other: 'address.label_other',
};
