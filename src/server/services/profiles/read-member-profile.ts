import { regionNameIn } from '~/server/db/localized';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { PROFILE_FORM_KINDS, type ProfileFormKind } from '~/features/companies/constants';
import type { MemberProfileData } from '~/features/companies/profile-forms';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { categories, memberProfiles, regions } from '~/server/db/schema';

export interface StoredMemberProfile {
  kind: ProfileFormKind;
  data: MemberProfileData;
  updated_at: string;
}

/** A member's profile of one kind as saved (member_profiles.data), or null when they have not filled it in. */
export async function readMemberProfile(
  db: Executor,
  userId: number,
  kind: ProfileFormKind,
): Promise<StoredMemberProfile | null> {
  const [row] = await db
    .select()
    .from(memberProfiles)
    .where(and(eq(memberProfiles.userId, userId), eq(memberProfiles.kind, kind)));
  return row ? { kind: row.kind, data: row.data as MemberProfileData, updated_at: row.updatedAt.toISOString() } : null;
}

/** A profile as the public profile page shows it: crops and regions named in the reader's language. */
export interface PublicMemberProfile {
  kind: ProfileFormKind;
  data: MemberProfileData;
  crops: { id: number; name: string }[];
  regions: { id: number; name: string }[];
}

const NAME_COLUMN = { en: categories.nameEn, sw: categories.nameSw, fr: categories.nameFr } as const;

/**
 * Every profile a member filled in (farmer, trader, cooperative, in that order), public: what the public profile
 * page (/public-profile/{id}) shows, with the names of their crops (board categories) and regions (two queries).
 */
export async function readPublicMemberProfiles(
  db: Executor,
  userId: number,
  locale: Locale,
): Promise<PublicMemberProfile[]> {
  const rows = await db
    .select()
    .from(memberProfiles)
    .where(eq(memberProfiles.userId, userId))
    .orderBy(asc(memberProfiles.kind));
  if (rows.length === 0) return [];
  const cropsOf = (data: Record<string, unknown>) =>
    ((data.commodities ?? data.crops ?? []) as number[]).filter(Number.isInteger);
  const regionsOf = (data: Record<string, unknown>) => ((data.regions ?? []) as number[]).filter(Number.isInteger);
  const cropIds = [...new Set(rows.flatMap((row) => cropsOf(row.data)))];
  const regionIds = [...new Set(rows.flatMap((row) => regionsOf(row.data)))];
  const [cropNames, regionNames] = await Promise.all([
    cropIds.length
      ? db
          .select({ id: categories.id, name: NAME_COLUMN[locale] })
          .from(categories)
          .where(and(eq(categories.kind, 'board'), inArray(categories.id, cropIds)))
      : [],
    regionIds.length
      ? db
          .select({ id: regions.id, name: regionNameIn(locale) })
          .from(regions)
          .where(inArray(regions.id, regionIds))
      : [],
  ]);
  const named = (ids: number[], names: { id: number; name: string }[]) =>
    ids.flatMap((id) => names.filter((row) => row.id === id));
  return rows
    .map((row) => ({
      kind: row.kind,
      data: row.data as MemberProfileData,
      crops: named(cropsOf(row.data), cropNames),
      regions: named(regionsOf(row.data), regionNames),
    }))
    .sort((a, b) => PROFILE_FORM_KINDS.indexOf(a.kind) - PROFILE_FORM_KINDS.indexOf(b.kind));
}
