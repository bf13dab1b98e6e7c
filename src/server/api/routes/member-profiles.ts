import { Hono } from 'hono';
import { z } from 'zod';
import { PROFILE_FORM_KINDS } from '~/features/companies/constants';
import { type MemberProfileData, profileFormSchema } from '~/features/companies/profile-forms';
import type { ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';
import { parseInput } from '~/server/api/validate';
import { getDb } from '~/server/db';
import { readMemberProfile } from '~/server/services/profiles/read-member-profile';
import { saveMemberProfile } from '~/server/services/profiles/save-member-profile';

const kindQuery = z.object({ kind: z.enum(PROFILE_FORM_KINDS, { message: 'validation.invalid_option' }) });

/**
 * The members' profile forms (docs/companies.md "Profiles"): the signed-in member reads and saves their own profile
 * of one kind — farmer, trader or cooperative — checked by the same schema as the pages' forms
 * (src/features/companies/profile-forms.ts).
 */
export function memberProfileRoutes() {
  const app = new Hono<ApiEnv>();

  endpoint(
    app,
    {
      method: 'get',
      path: '/user/profile-form',
      tag: 'Profiles',
      summary: 'Your profile of one kind (farmer, trader, cooperative): `{kind, data, updated_at}`, data null if none',
      auth: true,
      query: kindQuery,
    },
    async (_c, { query, user }) =>
      (await readMemberProfile(await getDb(), user.id, query.kind)) ?? {
        kind: query.kind,
        data: null,
        updated_at: null,
      },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/user/profile-form',
      tag: 'Profiles',
      summary:
        'Save your profile of one kind, whole (farmer: farm_size, farm_size_unit, crops[], seasons[]; trader: ' +
        'commodities[], volume_tonnes, volume_period, regions[]; cooperative: members_count, crops[], ' +
        'collection_points[], representative)',
      auth: true,
      query: kindQuery,
      body: z.record(z.string(), z.unknown()),
    },
    async (c, { query, user, raw }) => {
      const data = parseInput(profileFormSchema(query.kind, c.get('locale')), raw) as MemberProfileData;
      return { kind: query.kind, data: await saveMemberProfile(await getDb(), user.id, query.kind, data) };
    },
  );

  return app;
}
