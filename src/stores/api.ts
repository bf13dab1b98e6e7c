/**
 * The one client for /api-v2 of the islands and their stores: form-encodes nested objects the way the API reads them
 * (`SignupForm[first_name]=…`, arrays as `x[]`), sends the page's language, and turns every answer into
 * `{ ok, status, data }` or `{ ok: false, status, error }` — never a thrown error for an HTTP status.
 */
export interface ApiError {
  code: string;
  /** The precise reason within the code (the message key, e.g. `offers.dates_taken`), for decisions. */
  reason?: string;
  message: string;
  errors?: Record<string, string[]>;
}
export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiError };

type Value = string | number | boolean | null | undefined | File | Blob | Value[] | { [key: string]: Value };

/** Flattens `{ SignupForm: { first_name: 'A' }, ids: [1, 2] }` into `SignupForm[first_name]=A&ids[]=1&ids[]=2`. */
export function toFormEntries(value: Record<string, Value>, prefix = ''): [string, string | Blob][] {
  const entries: [string, string | Blob][] = [];
  for (const [key, item] of Object.entries(value)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (item === undefined || item === null) continue;
    if (item instanceof Blob) entries.push([name, item]);
    else if (Array.isArray(item))
      for (const element of item)
        entries.push(
          ...toFormEntries({ '': element }, name).map(
            ([n, v]) => [n.replace(/\[\]$/, '[]'), v] as [string, string | Blob],
          ),
        );
    else if (typeof item === 'object') entries.push(...toFormEntries(item, name));
    else entries.push([name, String(item)]);
  }
  return entries;
}

function currentLocale(): string {
  return document.documentElement.lang || 'en';
}

async function send<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: Record<string, Value>,
  signal?: AbortSignal,
): Promise<ApiResult<T>> {
  // `X-Session-Mode: cookie`: the session lives in the HttpOnly cookie; sign-in answers carry no tokens.
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLocale(),
    'X-Session-Mode': 'cookie',
  };
  let payload: BodyInit | undefined;
  if (body) {
    const entries = toFormEntries(body);
    if (entries.some(([, v]) => v instanceof Blob)) {
      const form = new FormData();
      for (const [name, value] of entries) form.append(name, value);
      payload = form;
    } else {
      payload = new URLSearchParams(entries as [string, string][]);
    }
  }
  window.dispatchEvent(new CustomEvent('mavuno:loading', { detail: true }));
  try {
    const response = await fetch(`/api-v2${path}`, {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal,
    });
    const data = response.headers.get('content-type')?.includes('json') ? await response.json() : undefined;
    if (response.ok) return { ok: true, status: response.status, data: data as T };
    return {
      ok: false,
      status: response.status,
      error: (data as ApiError) ?? { code: 'internal_error', message: response.statusText },
    };
  } catch {
    return { ok: false, status: 0, error: { code: 'network_error', message: '' } };
  } finally {
    window.dispatchEvent(new CustomEvent('mavuno:loading', { detail: false }));
  }
}

/** `signal` cancels a request made stale by a newer one (a search as the user types): it then answers `network_error`. */
export const apiGet = <T>(path: string, options: { signal?: AbortSignal } = {}) =>
  send<T>('GET', path, undefined, options.signal);
export const apiPost = <T>(path: string, body: Record<string, Value> = {}) => send<T>('POST', path, body);
