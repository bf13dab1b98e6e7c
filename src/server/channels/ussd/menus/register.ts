import { eq } from 'drizzle-orm';
import { countryOfPhone } from '~/features/accounts/phone';
import { plainLine } from '~/features/accounts/schemas';
import { countries } from '~/server/db/schema';
import { listCountryRegions, listRegionVillages } from '~/server/services/reference/list-regions';
import { z } from 'zod';
import type { ScreenDef, UssdContext } from '../types';

// A name of letters (any script), spaces, dots, apostrophes and hyphens.
const nameSchema = plainLine(60).pipe(
  z
    .string()
    .min(2)
    .regex(/^[\p{L}][\p{L} .'-]*$/u),
);

/** The country the caller's number belongs to, when Mavuno lists it. */
export async function countryOfCaller(ctx: UssdContext): Promise<number | undefined> {
  if (ctx.member?.countryId) return ctx.member.countryId;
  const code = countryOfPhone(ctx.phone);
  if (!code) return undefined;
  const [row] = await ctx.db.select({ id: countries.id }).from(countries).where(eq(countries.code, code));
  return row?.id;
}

export const registerScreens: Record<string, ScreenDef> = {
  'register.name': {
    render: (ctx) => ({ body: ctx.t('ussd.register_name'), input: true }),
    onInput: (ctx, _p, value) => {
      const name = nameSchema.safeParse(value.replace(/\s+/g, ' '));
      if (!name.success) return { again: ctx.t('ussd.register_name_invalid') };
      const [firstName, ...rest] = name.data.split(' ');
      return {
        push: { s: 'register.region', p: { firstName, lastName: rest.join(' ') || null } },
      };
    },
  },
  'register.region': {
    render: async (ctx, p) => {
      const countryId = await countryOfCaller(ctx);
      const regions = countryId ? await listCountryRegions(ctx.db, countryId, ctx.locale) : [];
      if (regions.length === 0)
        return {
          body: ctx.t('ussd.register_no_regions'),
          items: [
            {
              label: ctx.t('ussd.continue'),
              next: { push: { s: 'pinset.start', p: { after: { run: 'register.create', a: p } } } },
            },
          ],
        };
      return {
        body: ctx.t('ussd.register_region'),
        items: regions.map((region) => ({
          label: region.name,
          next: { push: { s: 'register.village', p: { ...p, regionId: region.id } } },
        })),
      };
    },
  },
  'register.village': {
    render: async (ctx, p) => {
      const villages = await listRegionVillages(ctx.db, Number(p.regionId));
      const create = (villageId: number | null) => ({
        push: { s: 'pinset.start', p: { after: { run: 'register.create', a: { ...p, villageId } } } },
      });
      return {
        body: ctx.t('ussd.register_village'),
        items: [
          ...villages.map((village) => ({ label: village.name, next: create(village.id) })),
          { label: ctx.t('ussd.register_village_other'), next: create(null) },
        ],
      };
    },
  },
};
