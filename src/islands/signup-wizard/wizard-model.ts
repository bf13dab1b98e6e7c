import { z } from 'zod';
import { DEFAULT_CURRENCY_ID, type TURNOVER_PERIODS, type TraderStatus } from '~/features/accounts/constants';
import { addressSchema, signupSchema } from '~/features/accounts/schemas';
import type { Locale } from '~/i18n/config';
import type { MessageKey } from '~/i18n/t';
import { type AddressValue, emptyAddress } from '~/features/accounts/address-value';

/** The wizard's form: strings as the inputs give them; the shared schemas read blanks and numbers. */
export interface WizardValues {
  trader_status: TraderStatus;
  first_name: string;
  last_name: string;
  phone: string;
  pin: string;
  email: string;
  address: AddressValue;
  locale: Locale;
  currency_id: string;
  activity: string;
  farm_size_acres: string;
  turnover_amount: string;
  turnover_period: (typeof TURNOVER_PERIODS)[number];
  gender: string;
  age_range: string;
  password: string;
  password_repeat: string;
}

export const defaultValues = (traderStatus: TraderStatus, locale: Locale): WizardValues => ({
  trader_status: traderStatus,
  first_name: '',
  last_name: '',
  phone: '',
  pin: '',
  email: '',
  address: emptyAddress(),
  locale,
  currency_id: String(DEFAULT_CURRENCY_ID),
  activity: '',
  farm_size_acres: '',
  turnover_amount: '',
  turnover_period: 'month',
  gender: '',
  age_range: '',
  password: '',
  password_repeat: '',
});

/** The phone's PIN round: where the code went, when another may be asked for, and the proof once it is right. */
export interface PhoneProof {
  sentTo: string;
  resendAt: number;
  verifiedPhone: string;
  token: string;
  verifiedAt: number;
}
export const noPhoneProof = (): PhoneProof => ({
  sentTo: '',
  resendAt: 0,
  verifiedPhone: '',
  token: '',
  verifiedAt: 0,
});
/** The server honours a proof for an hour; an older one is dropped so the person confirms again instead of failing. */
export const PROOF_LIFETIME_MS = 55 * 60_000;
export const isPhoneConfirmed = (phone: string, proof: PhoneProof) =>
  phone.trim() !== '' &&
  phone.trim() === proof.verifiedPhone &&
  proof.token !== '' &&
  Date.now() - proof.verifiedAt < PROOF_LIFETIME_MS;

export type WizardPath = 'quick' | 'advanced';
export type StepId =
  | 'start'
  | 'name'
  | 'contact'
  | 'phone'
  | 'email'
  | 'address'
  | 'preferences'
  | 'activity'
  | 'size'
  | 'about'
  | 'password'
  | 'done';

/** The steps after the start screen, in order: the quick path and every step of the full one. */
export const PATH_STEPS: Record<WizardPath, StepId[]> = {
  quick: ['name', 'contact', 'password', 'done'],
  advanced: ['name', 'phone', 'email', 'address', 'preferences', 'activity', 'size', 'about', 'password', 'done'],
};

export const usesFarmSize = (kind: TraderStatus) => kind === 'farmer' || kind === 'cooperative';

export function stepTitleKey(step: StepId, kind: TraderStatus): MessageKey {
  if (step === 'size') return usesFarmSize(kind) ? 'signup.step_farm_size' : 'signup.step_turnover';
  return STEP_TITLES[step];
}
const STEP_TITLES: Record<Exclude<StepId, 'size'>, MessageKey> = {
  start: 'signup.step_start',
  name: 'signup.step_name',
  contact: 'signup.step_contact',
  phone: 'signup.step_phone',
  email: 'signup.step_email',
  address: 'signup.step_address',
  preferences: 'signup.step_preferences',
  activity: 'signup.step_activity',
  about: 'signup.step_about',
  password: 'signup.step_password',
  done: 'signup.step_done',
};

/** The fields each step shows, in screen order: errors are routed to their step, focus goes to the first one. */
const STEP_FIELDS: Record<StepId, string[]> = {
  start: ['trader_status'],
  name: ['first_name', 'last_name'],
  contact: ['email', 'phone'],
  phone: ['phone', 'phone_token', 'pin'],
  email: ['email'],
  address: [
    'address.label',
    'address.country_id',
    'address.region_id',
    'address.village_id',
    'address.city',
    'address.street',
    'address.house',
    'address.latitude',
    'address.longitude',
  ],
  preferences: ['locale', 'currency_id'],
  activity: ['activity'],
  size: ['farm_size_acres', 'turnover_amount', 'turnover_period'],
  about: ['gender', 'age_range'],
  password: ['password', 'password_repeat'],
  done: [],
};
export const fieldsOf = (step: StepId) => STEP_FIELDS[step];

/** The step of the path that shows `field` (the quick path asks for e-mail and phone on one step). */
export function stepOfField(field: string, path: WizardPath): StepId | undefined {
  const steps: StepId[] = ['start', ...PATH_STEPS[path]];
  return steps.find((step) => STEP_FIELDS[step].includes(field));
}

/*
 * Each step is checked with the pieces of the shared sign-up schema, so the island and the API agree on every
 * rule; the password step checks the whole request with signupSchema itself. What the wizard adds is only that
 * a step's own question must be answered (activity, farm size or turnover, language and currency).
 */
const atLeastOneContact = (value: { email?: string; phone?: string }) =>
  value.email !== undefined || (value.phone ?? '').trim() !== '';
const contactRule = { message: 'accounts.email_or_phone', path: ['email'] };

export function stepSchema(step: StepId, kind: TraderStatus, locale: Locale): z.ZodType {
  // Figures (farm size, turnover) are read as the page's language writes numbers.
  const field = signupSchema(locale).shape;
  switch (step) {
    case 'start':
      return z.object({ trader_status: field.trader_status });
    case 'name':
      return z.object({ first_name: field.first_name, last_name: field.last_name });
    case 'contact':
      return z.object({ email: field.email, phone: field.phone }).refine(atLeastOneContact, contactRule);
    case 'phone':
      return z.object({ phone: field.phone });
    case 'email':
      return z.object({ email: field.email, phone: z.string() }).refine(atLeastOneContact, contactRule);
    case 'address':
      return z.object({ address: addressSchema });
    case 'preferences':
      return z.object({ locale: field.locale.nonoptional(), currency_id: field.currency_id.nonoptional() });
    case 'activity':
      return z.object({ activity: field.activity.nonoptional() });
    case 'size':
      return usesFarmSize(kind)
        ? z.object({ farm_size_acres: field.farm_size_acres.nonoptional() })
        : z.object({
            turnover_amount: field.turnover_amount.nonoptional(),
            turnover_period: field.turnover_period.nonoptional(),
          });
    case 'about':
      return z.object({ gender: field.gender, age_range: field.age_range });
    case 'password':
      return signupSchema(locale);
    case 'done':
      return z.object({});
  }
}

/** Blank strings are left out: the API reads a missing field as "not given". */
function present<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== undefined && v !== null && String(v).trim() !== ''),
  ) as Partial<T>;
}

/** `SignupForm[...]` of POST /user/signup/ for the path taken (the quick path sends only its own fields). */
export function toSignupForm(values: WizardValues, path: WizardPath, proof: PhoneProof, captchaToken?: string) {
  const base = present({
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    phone: values.phone,
    password: values.password,
    password_repeat: values.password_repeat,
    trader_status: values.trader_status,
    captcha_token: captchaToken,
  });
  // password_repeat must reach the schema even when empty, so "the passwords do not match" can be said.
  const form: Record<string, unknown> = { ...base, password: values.password, password_repeat: values.password_repeat };
  if (path === 'quick') return form;
  const farm = usesFarmSize(values.trader_status);
  return {
    ...form,
    ...present({
      phone_token: isPhoneConfirmed(values.phone, proof) ? proof.token : undefined,
      locale: values.locale,
      currency_id: values.currency_id,
      activity: values.activity,
      farm_size_acres: farm ? values.farm_size_acres : undefined,
      turnover_amount: farm ? undefined : values.turnover_amount,
      turnover_period: farm ? undefined : values.turnover_period,
      gender: values.gender,
      age_range: values.age_range,
    }),
    address: present({ ...values.address }),
  };
}

/** Ids of the wizard's controls, so focus can go to the first invalid one. */
export const fieldId = (name: string) => `wizard-${name.replace(/[._]/g, '-')}`;
export const ADDRESS_ID_PREFIX = 'wizard-address';
