import { createHash } from 'node:crypto';

/**
 * The hash chain of a deal's history (docs/deals.md "Verifiable deal history"). Each event's hash covers the
 * previous event's hash and the event's own content in canonical JSON, so changing, removing or re-ordering
 * any event breaks every later hash. Pure: the same functions check a stored chain and a saved export.
 */
export const GENESIS_HASH = '0'.repeat(64);

/** The hashed content of an event: everything it says, nothing derived from the database (no row id). */
export interface ChainedEvent {
  offer_id: number;
  seq: number;
  actor_id: number;
  action: string;
  status: number;
  delivery_status: number;
  payment_status: number;
  comment: string | null;
  data: unknown;
  photo_sha256: string | null;
  document_sha256: string | null;
  created_at: string;
}

/** JSON with object keys sorted at every depth and no spaces: one text for one content. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function contentOf(event: ChainedEvent): ChainedEvent {
  const {
    offer_id,
    seq,
    actor_id,
    action,
    status,
    delivery_status,
    payment_status,
    comment,
    data,
    photo_sha256,
    document_sha256,
    created_at,
  } = event;
  return {
    offer_id,
    seq,
    actor_id,
    action,
    status,
    delivery_status,
    payment_status,
    comment,
    data: data ?? null,
    photo_sha256,
    document_sha256,
    created_at,
  };
}

export function hashEvent(prevHash: string, event: ChainedEvent): string {
  return createHash('sha256')
    .update(`${prevHash}\n${canonicalJson(contentOf(event))}`)
    .digest('hex');
}

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Checks a chain: sequence numbers 1, 2, 3…, each `prev_hash` the hash before it, each `hash` recomputed.
 * `broken_at` is the sequence number of the first event that does not verify.
 */
export function verifyChain(events: (ChainedEvent & { prev_hash: string; hash: string })[]): {
  valid: boolean;
  broken_at: number | null;
  head_hash: string;
} {
  let prev = GENESIS_HASH;
  for (const [index, event] of events.entries()) {
    if (event.seq !== index + 1 || event.prev_hash !== prev || hashEvent(prev, event) !== event.hash)
      return { valid: false, broken_at: index + 1, head_hash: prev };
    prev = event.hash;
  }
  return { valid: events.length > 0, broken_at: events.length > 0 ? null : 0, head_hash: prev };
}
