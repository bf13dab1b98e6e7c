import { COMPANY_TYPE_IDS } from '~/features/companies/constants';
import type { CompanyDirectoryQuery } from '~/features/companies/directory-query';

/**
 * The query string of a directory page (`?title=…&country_ids[]=…&page=2`): the API's parameter names, the page's
 * default types (all of them) and page 1 left out, so each state of the directory has one address.
 */
export function directoryQueryString(query: CompanyDirectoryQuery, page = query.page): string {
  const params = new URLSearchParams();
  if (query.title) params.set('title', query.title);
  for (const id of query.country_ids ?? []) params.append('country_ids[]', String(id));
  for (const id of query.region_ids ?? []) params.append('region_ids[]', String(id));
  const defaults: readonly number[] = COMPANY_TYPE_IDS;
  const isDefault = query.type_ids.length === defaults.length && query.type_ids.every((id) => defaults.includes(id));
  if (!isDefault) for (const id of query.type_ids) params.append('type_ids[]', String(id));
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}
