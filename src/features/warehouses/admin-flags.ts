/** Flags of `npm run admin -- warehouse-add / warehouse-edit` and the input field each one fills. */
const FLAG_FIELDS: Record<string, string> = {
  '--title': 'title',
  '--operator': 'operator',
  '--kind': 'kind',
  '--capacity': 'capacity_tonnes',
  '--services': 'services',
  '--phone': 'phone',
  '--email': 'email',
  '--note': 'note',
  '--country': 'country_code',
  '--region': 'region',
  '--village': 'village',
  '--lat': 'latitude',
  '--lng': 'longitude',
};

/**
 * The input of a public warehouse (publicWarehouseInput's field names) from command-line flags, each followed by
 * its value; `--services` is a comma-separated list ("" for none). Undefined for an unknown flag or a flag without
 * a value. Only the flags given appear, so an edit changes only those fields.
 */
export function warehouseFlags(args: string[]): Record<string, unknown> | undefined {
  const input: Record<string, unknown> = {};
  for (let i = 0; i < args.length; i += 2) {
    const field = FLAG_FIELDS[args[i]];
    const value = args[i + 1];
    if (!field || value === undefined) return undefined;
    input[field] =
      field === 'services'
        ? value
            .split(',')
            .map((service) => service.trim())
            .filter(Boolean)
        : value;
  }
  return input;
}
