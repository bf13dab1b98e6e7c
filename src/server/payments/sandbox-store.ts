import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '~/server/db';
import { sandboxRecords } from '~/server/db/schema';
import type { SandboxPayout, SandboxSession, SandboxStore } from './sandbox';

type Stored = Record<string, unknown>;

const DATES = ['createdAt', 'expiresAt', 'paidAt'] as const;

function toSession(data: Stored): SandboxSession {
  const session = { ...data } as unknown as SandboxSession;
  for (const field of DATES)
    if (typeof data[field] === 'string') (session as unknown as Stored)[field] = new Date(data[field] as string);
  return session;
}

/** JSON of a record: dates as ISO strings, absent fields left out. */
const toData = (record: SandboxSession | SandboxPayout): Stored => JSON.parse(JSON.stringify(record));

/**
 * The sandbox's records in the database (table `sandbox_records`, docs/payments.md "Sandbox"): a checkout survives
 * a restart and every server process sees the same sessions. Still the sandbox's own records, apart from the app's
 * `payments` rows: what the outside processor would keep.
 */
export function databaseSandboxStore(): SandboxStore {
  async function find(kind: 'session' | 'payout', by: 'id' | 'reference', value: string) {
    const db = await getDb();
    const [row] = await db
      .select({ data: sandboxRecords.data })
      .from(sandboxRecords)
      .where(and(eq(sandboxRecords.kind, kind), eq(by === 'id' ? sandboxRecords.id : sandboxRecords.reference, value)));
    return row?.data;
  }
  async function save(kind: 'session' | 'payout', record: SandboxSession | SandboxPayout) {
    const db = await getDb();
    const data = toData(record);
    await db
      .insert(sandboxRecords)
      .values({ kind, id: record.id, reference: record.reference, data })
      .onConflictDoUpdate({
        target: [sandboxRecords.kind, sandboxRecords.id],
        set: { data, updatedAt: sql`now()` },
      });
  }
  return {
    async getSession(id) {
      const data = await find('session', 'id', id);
      return data && toSession(data);
    },
    async findSessionByReference(reference) {
      const data = await find('session', 'reference', reference);
      return data && toSession(data);
    },
    saveSession: (session) => save('session', session),
    async getPayout(reference) {
      const data = await find('payout', 'reference', reference);
      return data && (data as unknown as SandboxPayout);
    },
    savePayout: (payout) => save('payout', payout),
  };
}
