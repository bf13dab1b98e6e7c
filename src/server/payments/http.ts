import { type ProviderId, ProviderError } from './provider';

/** One JSON request to a provider's API: the status and the parsed body, or a ProviderError naming what went wrong. */
export async function providerJson<T>(
  provider: ProviderId,
  fetchImpl: typeof fetch,
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: unknown; timeoutMs?: number },
): Promise<{ status: number; body: T }> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: init.method,
      headers: {
        Accept: 'application/json',
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs ?? 15_000),
    });
  } catch (error) {
    throw new ProviderError(provider, 'unavailable', `no answer from ${new URL(url).host}: ${String(error)}`);
  }
  const text = await response.text();
  let body: T;
  try {
    body = JSON.parse(text) as T;
  } catch {
    throw new ProviderError(
      provider,
      response.status >= 500 ? 'unavailable' : 'bad_response',
      `answered ${response.status} without JSON`,
    );
  }
  return { status: response.status, body };
}
