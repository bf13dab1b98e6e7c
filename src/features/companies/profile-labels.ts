import type { MessageKey } from '~/i18n/t';
import type { ProfileFormKind } from './constants';

/** The title of each profile form and the heading of its part of the public profile. */
export const PROFILE_FORM_LABEL: Record<ProfileFormKind, MessageKey> = {
  farmer: 'profile_forms.title_farmer',
  trader: 'profile_forms.title_trader',
  cooperative: 'profile_forms.title_cooperative',
};

/** The words of the profile forms' choices (farm size unit, volume period, seasons). */
export const PROFILE_OPTION_LABEL: Record<string, MessageKey> = {
  acre: 'profile_forms.unit_acre',
  hectare: 'profile_forms.unit_hectare',
  month: 'profile_forms.period_month',
  year: 'profile_forms.period_year',
  long_rains: 'profile_forms.season_long_rains',
  short_rains: 'profile_forms.season_short_rains',
  dry_season: 'profile_forms.season_dry_season',
  all_year: 'profile_forms.season_all_year',
};
