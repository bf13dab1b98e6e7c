/**
 * The vocabulary of companies, teams and verification (docs/companies.md is the contract). Numbers are the ones
 * the API speaks; names are for code.
 */

/** Company types by id (docs/companies.md "Companies"). */
export const COMPANY_TYPES = [
  { id: 1, key: 'cooperative' },
  { id: 2, key: 'trading_company' },
  { id: 3, key: 'processor' },
  { id: 4, key: 'farm' },
  { id: 5, key: 'input_supplier' },
  { id: 6, key: 'transporter' },
  { id: 7, key: 'financial_institution' },
] as const;
export type CompanyTypeKey = (typeof COMPANY_TYPES)[number]['key'];
export const COMPANY_TYPE_IDS = COMPANY_TYPES.map((t) => t.id);
/**
 * The types `GET /company/index` lists when a request names none: 1, 2 and 3 (cooperatives, trading companies,
 * processors), the API's documented default, kept for the clients written against it. The /companies page does not
 * use it: a visitor who ticked nothing sees every type, transporters and banks too (docs/companies.md "Directory and
 * profiles").
 */
export const API_DEFAULT_TYPE_IDS = [1, 2, 3] as const;

/** A team member's permission level: an administrator runs the company, a manager acts for it. */
export const COMPANY_PERMISSIONS = ['administrator', 'manager'] as const;
export type CompanyPermission = (typeof COMPANY_PERMISSIONS)[number];

/**
 * Join requests: a member asks to join by the company's code (`request`, the company's administrators decide) or an
 * administrator invites a member by their referral code (`invite`, the member decides). pending → approved |
 * declined, once.
 */
export const JOIN_DIRECTIONS = ['request', 'invite'] as const;
export type JoinDirection = (typeof JOIN_DIRECTIONS)[number];
export const JOIN_STATUSES = ['pending', 'approved', 'declined'] as const;
export type JoinStatus = (typeof JOIN_STATUSES)[number];

/** A company's interest: it sells or buys a category of any lot kind. */
export const INTEREST_KINDS = ['sell', 'buy'] as const;
export type InterestKind = (typeof INTEREST_KINDS)[number];

/** What a verification attests. */
export const VERIFICATION_TYPES = [
  'identity',
  'phone',
  'email',
  'company_registration',
  'farm_visit',
  'warehouse',
] as const;
export type VerificationType = (typeof VERIFICATION_TYPES)[number];

/** What a verification is about: a member's account or a company. */
export const VERIFICATION_UNITS = ['user', 'company'] as const;
export type VerificationUnit = (typeof VERIFICATION_UNITS)[number];

/**
 * The units each type can be said of (docs/companies.md "Types and units"): a person has an identity, a company a
 * registration; both have a phone, an e-mail, a farm and a warehouse. A type outside its units is refused (422).
 */
export const VERIFICATION_TYPE_UNITS: Record<VerificationType, readonly VerificationUnit[]> = {
  identity: ['user'],
  phone: ['user', 'company'],
  email: ['user', 'company'],
  company_registration: ['company'],
  farm_visit: ['user', 'company'],
  warehouse: ['user', 'company'],
};

export const typeFitsUnit = (type: VerificationType, unit: VerificationUnit) =>
  VERIFICATION_TYPE_UNITS[type].includes(unit);

/** The types that fit a unit, in VERIFICATION_TYPES order (the forms' choices). */
export const verificationTypesFor = (unit: VerificationUnit) => VERIFICATION_TYPES.filter((t) => typeFitsUnit(t, unit));

/** A member's fuller public profile, by kind: /farmer-profile-form, /trader-profile-form, /cooperative-form. */
export const PROFILE_FORM_KINDS = ['farmer', 'trader', 'cooperative'] as const;
export type ProfileFormKind = (typeof PROFILE_FORM_KINDS)[number];
