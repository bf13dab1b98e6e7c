import { z } from 'zod';
import { readMachineField } from '~/features/numbers/schema';
import { MAX_INT } from '~/features/validation/fields';
import { API_DEFAULT_TYPE_IDS, COMPANY_TYPE_IDS } from './constants';

/** `x[]=1&x[]=2`, `x=1,2` or `x=1`; empty values (a form's "any" option) are left out. */
const idList = (item: z.ZodNumber) =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return undefined;
    const list = (Array.isArray(v) ? v : String(v).split(',')).filter((x) => x !== '' && x !== null);
    return list.length ? list.map(readMachineField) : undefined;
  }, z.array(item).max(50).optional());

const rowId = z.number().int().min(1).max(MAX_INT);

/**
 * The directory's query (`GET /company/index` and the /companies page read the same fields): page, per-page, a name
 * (`title`, case-insensitive, any part of it), countries, regions and types; `defaultTypeIds` when none is given.
 */
const directoryQuery = (defaultTypeIds: readonly number[]) =>
  z.object({
    page: z.preprocess(readMachineField, z.number().int().min(1).max(100_000).default(1)),
    'per-page': z.preprocess(readMachineField, z.number().int().min(1).max(100).default(12)),
    title: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(100).optional()),
    country_ids: idList(rowId),
    region_ids: idList(rowId),
    type_ids: idList(
      z
        .number()
        .int()
        .min(1)
        .max(Math.max(...COMPANY_TYPE_IDS)),
    ).transform((ids) => (ids?.length ? [...new Set(ids)] : [...defaultTypeIds])),
  });

/** `GET /company/index`: no `type_ids` means 1, 2 and 3, as documented for the API's clients. */
export const companyDirectoryQuery = directoryQuery(API_DEFAULT_TYPE_IDS);
/** The /companies page: no `type_ids` (nothing ticked, a plain link) means every type. */
export const companyDirectoryPageQuery = directoryQuery(COMPANY_TYPE_IDS);
export type CompanyDirectoryQuery = z.output<typeof companyDirectoryQuery>;
