import { z } from 'zod';
import { optionalTypedNumber, readMachineField } from '~/features/numbers/schema';
import { WAREHOUSE_KINDS, WAREHOUSE_SERVICES } from './constants';

/** Blank text clears a field (null); text is trimmed. */
const clearable = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.string().trim().max(max).nullable().optional(),
  );
const coordinate = (max: number) => z.preprocess(readMachineField, z.number().min(-max).max(max).nullable().optional());

/**
 * A public warehouse as an administrator writes it (`npm run admin -- warehouse-add`, `warehouse-edit`;
 * docs/warehouses.md "Administration"). Places are named: `country_code` (ISO 3166 alpha-2), `region` and `village`
 * by id or by name (any case or accents) within the country and region. Capacity is typed as a person types it
 * (in English: "12,500.5"); coordinates as a program writes them. Blank text clears an optional field.
 */
export const publicWarehouseInput = z
  .object({
    title: z.string().trim().min(2).max(200),
    operator: clearable(200),
    kind: z.enum(WAREHOUSE_KINDS),
    capacity_tonnes: z.union([z.null(), optionalTypedNumber('en', { decimals: 1, max: 100_000_000 })]).optional(),
    services: z.array(z.enum(WAREHOUSE_SERVICES)).default([]),
    phone: clearable(40),
    email: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      z.email().max(200).nullable().optional(),
    ),
    note: clearable(1000),
    country_code: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/)
      .transform((code) => code.toUpperCase()),
    region: clearable(200),
    village: clearable(200),
    latitude: coordinate(90),
    longitude: coordinate(180),
  })
  // A point is both coordinates or none.
  .refine((input) => input.latitude == null || input.longitude != null, {
    message: 'validation.required',
    path: ['longitude'],
  })
  .refine((input) => input.longitude == null || input.latitude != null, {
    message: 'validation.required',
    path: ['latitude'],
  });
export type PublicWarehouseInput = z.infer<typeof publicWarehouseInput>;
