import { z } from 'zod';
import { emailField, phoneField, plainLine } from '~/features/accounts/schemas';
import { perLocale, readMachineField, typedNumber } from '~/features/numbers/schema';
import { LOT_KINDS } from '~/features/lots/constants';
import { MAX_INT, requiredInt } from '~/features/validation/fields';

/**
 * Zod schemas of members' warehouses and their stock (docs/warehouses.md "Members' warehouses"), shared by the
 * API and the forms. Custom messages are dictionary keys; both sides translate them.
 */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;
const optional = <S extends z.ZodType>(schema: S) => z.preprocess(blankToUndefined, schema.optional());
const optionalId = z.preprocess(readMachineField, z.number().int().min(1).max(MAX_INT).optional());
const coordinate = (limit: number) => z.preprocess(readMachineField, z.number().min(-limit).max(limit).optional());

/** The largest quantity a product takes (member_warehouse_products.quantity is numeric(14,2)). */
export const MAX_STOCK_QUANTITY = 1e11;

/** The category kinds stock may be of: any lot kind's category; validity (no machinery) is the service's check. */
export const STOCK_CATEGORY_KINDS = LOT_KINDS;

export const warehouseFields = {
  description: plainLine(200).pipe(z.string().min(1, { message: 'validation.required' })),
  address: optional(plainLine(300)),
  phone: optional(phoneField),
  email: optional(emailField),
  country_id: optionalId,
  region_id: optionalId,
  village_id: optionalId,
  latitude: coordinate(90),
  longitude: coordinate(180),
  /** Kept for the owner's company's team: the id of the company the owner belongs to; absent, the owner's own. */
  company_id: optionalId,
};

const pointComplete = (w: { latitude?: number; longitude?: number }) =>
  (w.latitude === undefined) === (w.longitude === undefined);
const pointRule = {
  message: 'accounts.point_incomplete',
  path: ['latitude'],
  when: (p: { value: unknown }) => typeof p.value === 'object',
};

/** Create a warehouse from scratch. */
export const warehouseCreateSchema = z.object(warehouseFields).refine(pointComplete, pointRule);
export type WarehouseCreateInput = z.infer<typeof warehouseCreateSchema>;

/** Update a warehouse (`id` and its fields; a blank optional field is cleared). */
export const warehouseUpdateSchema = z
  .object({ id: requiredInt(), ...warehouseFields })
  .refine(pointComplete, pointRule);
export type WarehouseUpdateInput = z.infer<typeof warehouseUpdateSchema>;

/** "I store at this depot": a member's warehouse made from a public one; the fields given override the copy. */
export const warehouseFromPublicSchema = z.object({
  system_warehouse_id: requiredInt(),
  description: optional(plainLine(200)),
  address: optional(plainLine(300)),
  phone: optional(phoneField),
  email: optional(emailField),
  company_id: optionalId,
});
export type WarehouseFromPublicInput = z.infer<typeof warehouseFromPublicSchema>;

const productFields = (locale: Parameters<typeof typedNumber>[0]) => ({
  category_kind: z.enum(STOCK_CATEGORY_KINDS, { message: 'validation.invalid_option' }),
  category_id: requiredInt(),
  /** Typed by a person: read in the request's language (src/features/numbers/parse.ts). */
  quantity: typedNumber(locale, { max: MAX_STOCK_QUANTITY }),
  per_unit_id: requiredInt(),
  quality_notes: z.preprocess(blankToUndefined, z.string().trim().max(2000).optional()),
});

/** A product of a warehouse (its stock), numbers typed in `locale`. */
export const warehouseProductSchema = perLocale((locale) => z.object(productFields(locale)));
export type WarehouseProductInput = z.output<ReturnType<typeof warehouseProductSchema>>;

/** `add-product`: the warehouse and the product. */
export const addWarehouseProductSchema = perLocale((locale) =>
  z.object({ warehouse_id: requiredInt(), ...productFields(locale) }),
);
/** `update-product`: the product's id and its new fields. */
export const updateWarehouseProductSchema = perLocale((locale) =>
  z.object({ id: requiredInt(), ...productFields(locale) }),
);

/** `valid-product-type`: a category of a kind. */
export const productTypeQuerySchema = z.object({
  category_kind: z.enum(STOCK_CATEGORY_KINDS, { message: 'validation.invalid_option' }),
  category_id: requiredInt(),
});

/** A warehouse or product, by id. */
export const warehouseIdSchema = z.object({ id: requiredInt() });
