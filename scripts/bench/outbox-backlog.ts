// The outbox backlog of the fleet bench (scripts/bench/fleet.mjs): queues --mails e-mails through queueMail, as the
// app's changes do, to backlog-{stamp}-{i}@mavuno.test on DATABASE_URL, in one transaction.
import path from 'node:path';
import { openDatabase } from '~/server/db/client';
import { getEnv } from '~/server/env';
import { queueMail } from '~/server/mail';

const flag = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : fallback;
};
const MAILS = Number(flag('--mails', '1000'));
const STAMP = flag('--stamp', 'bench');

const env = getEnv();
const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR, 'pglite') });
try {
  await handle.db.transaction(async (tx) => {
    for (let i = 0; i < MAILS; i++)
      await queueMail(tx, {
        to: `backlog-${STAMP}-${i}@mavuno.test`,
        subject: 'Mavuno bench',
        text: `Message ${i} of the outbox bench.`,
        html: `<p>Message ${i} of the outbox bench.</p>`,
      });
  });
} finally {
  await handle.close();
}
