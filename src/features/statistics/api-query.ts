import { z } from 'zod';
import { optionalInt } from '~/features/validation/fields';
import { chartQuerySchema, zoomField } from './query';

/** `categories-statistic-info`: the overview cards in a currency (USD when absent) over a period (a year). */
export const indicesQuerySchema = z.object({ currency_id: optionalInt(), zoom: zoomField });

/** `get-chart-category-data`: a chart query, and `format=csv` for its download. */
export const chartApiQuerySchema = chartQuerySchema.extend({
  format: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.enum(['json', 'csv']).optional(),
  ),
});
