/**
 * The store behind the page cache (./page-cache.ts): a bounded LRU of rendered anonymous pages, each kept in every
 * encoding it is served in, with one render per key at a time. Nothing here knows HTTP; the rules for what may be
 * stored and served are in ./page-cache.ts and docs/architecture.md "How the render cache stays correct".
 */

export type Encoding = 'br' | 'gzip' | 'identity';

export interface CachedPage {
  /** Response headers of the render, without the ones the cache sets itself (length, encoding, ETag, Vary). */
  headers: [string, string][];
  /** Vary of the render (without Accept-Encoding, which the cache adds when it holds several encodings). */
  vary: string;
  /** The body, compressed once per encoding; `identity` always. */
  bodies: Partial<Record<Encoding, Buffer>> & { identity: Buffer };
  /** Hash of the identity body: the ETag, with a suffix naming the encoding. */
  hash: string;
  /** Epoch ms after which the page is no longer served (the max-age it promised). */
  expires: number;
  /** The route that rendered it (src/server/http/request-context.ts): an answer from the cache is logged under it. */
  route?: string;
  /** Whose render it is, for a member's page (./member-page-cache.ts): `memberId:sessionId`. */
  owner?: string;
}

export interface RenderCacheOptions {
  maxEntries: number;
  maxBytes: number;
  now?: () => number;
}

export interface Lookup {
  page: CachedPage | undefined;
  /** True for the one caller whose `render` ran; false for a hit or for callers that waited for another's render. */
  rendered: boolean;
}

function sizeOf(page: CachedPage): number {
  let size = 0;
  for (const body of Object.values(page.bodies)) size += body?.length ?? 0;
  for (const [name, value] of page.headers) size += name.length + value.length;
  return size;
}

export class RenderCache {
  readonly #entries = new Map<string, { page: CachedPage; size: number }>();
  readonly #inflight = new Map<string, Promise<CachedPage | undefined>>();
  readonly #options: Required<RenderCacheOptions>;
  #bytes = 0;
  #generation = 0;
  #suspended = false;

  constructor(options: RenderCacheOptions) {
    this.#options = { ...options, now: options.now ?? Date.now };
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** Bumped by every invalidation; a render started under an older generation is not stored. */
  get generation(): number {
    return this.#generation;
  }

  /** The page stored under `key`, if it has not expired (an expired one is dropped). Marks it recently used. */
  get(key: string): CachedPage | undefined {
    if (this.#suspended) return undefined;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.page.expires <= this.#options.now()) {
      this.#delete(key);
      return undefined;
    }
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.page;
  }

  /**
   * The page for `key`: the stored one, else the result of `render`, run once however many callers ask at the same
   * time (the others wait for it). `render` answers undefined when its result may not be stored; waiters then get
   * undefined too and render for themselves. A result is stored only if nothing was invalidated while it rendered.
   */
  async lookup(key: string, render: () => Promise<CachedPage | undefined>): Promise<Lookup> {
    const hit = this.get(key);
    if (hit) return { page: hit, rendered: false };
    const pending = this.#inflight.get(key);
    if (pending) return { page: await pending, rendered: false };
    if (this.#suspended) return { page: await render(), rendered: true };

    const generation = this.#generation;
    const rendering = render().catch(() => undefined);
    this.#inflight.set(key, rendering);
    const page = await rendering;
    if (this.#inflight.get(key) === rendering) this.#inflight.delete(key);
    if (page && generation === this.#generation && !this.#suspended) this.#store(key, page);
    return { page, rendered: true };
  }

  /** Drops the page stored under `key`. */
  delete(key: string): void {
    this.#delete(key);
  }

  /** Drops every page and every render under way (new callers start a fresh render). */
  invalidate(): void {
    this.#generation++;
    this.#entries.clear();
    this.#inflight.clear();
    this.#bytes = 0;
  }

  /**
   * While the cache cannot learn of other processes' writes (its notification connection is down), it stores and
   * serves nothing; `resume` starts again from empty.
   */
  suspend(): void {
    this.#suspended = true;
    this.invalidate();
  }

  resume(): void {
    this.invalidate();
    this.#suspended = false;
  }

  #store(key: string, page: CachedPage): void {
    const size = sizeOf(page);
    if (size > this.#options.maxBytes) return;
    this.#delete(key);
    this.#entries.set(key, { page, size });
    this.#bytes += size;
    // Evict least recently used entries (the Map's first keys) until within both bounds.
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.#options.maxEntries && this.#bytes <= this.#options.maxBytes) break;
      this.#delete(oldest);
    }
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.size;
  }
}
