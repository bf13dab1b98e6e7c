// `npm run admin -- <command>`: administration from the command line (the back office, /admin, does the same
// through the same services; docs/backoffice.md).
//   set-tier EMAIL TIER        set a user's tier (basic, bronze, silver, gold); approves or declines a pending request; e-mails the user
//   decline-request EMAIL [REASON]
//                              decline a user's pending tier request; e-mails the user (with the reason)
//   list-requests              list pending tier requests
//   set-role EMAIL ROLE        give a user a role: user, editor (writes and publishes articles) or admin (docs/articles.md)
//   create-admin EMAIL         make a user an administrator (creates the account with a printed one-time password if needed)
//   verify-deal ID             check the hash chain of a deal's history (exit code 1 when it is broken)
//   check-ledger               recompute the wallet's ledger from its postings (docs/wallet.md; exit code 1 on a problem)
//   move-uploads-to-s3 [--remove-local]
//                              copy DATA_DIR/uploads into S3_BUCKET, skipping objects already there at their size (run it
//                              again after a failure); --remove-local deletes each file once its object is verified
//                              (docs/operations.md "Object storage"; exit code 1 when a file failed)
//   list-payouts               list withdrawals awaiting approval or not yet settled (docs/wallet.md "Payouts")
//   approve-payout REFERENCE   approve a withdrawal awaiting approval and send it to its provider (or re-send one never sent)
//   decline-payout REFERENCE   decline a withdrawal awaiting approval: its money returns to the member's pocket; e-mails the member
//   settle-payout REFERENCE paid|failed
//                              settle a sent withdrawal by the provider's statement when the provider cannot be asked
//                              (M-Pesa B2C; docs/wallet.md "Reconciliation"); e-mails the member
//   resolve-dispute OFFER_ID release|refund|split [SELLER_AMOUNT] [--by EMAIL] [--note TEXT]
//                              decide a deal's open dispute (docs/deals.md "Disputes"); SELLER_AMOUNT in minor units
//                              for a split; decided by the administrator EMAIL (default: the first administrator)
//   list-messages [--status new|answered|closed]
//                              list the contact-form inbox, newest first (docs/contact.md)
//   loan-status ID in_review|approved|declined [--note TEXT] [--by EMAIL]
//                              set a loan application's status as an administrator (docs/financing.md "Status");
//                              recorded with the administrator EMAIL (default: the first one); e-mails the member
//   reconcile [--repair]       compare unfinished payments with their providers and the ledger (docs/wallet.md
//                              "Reconciliation"); --repair credits a confirmed payment missing its credit, once,
//                              and settles a pending payout its provider has decided, once
//   warehouse-add --title T --kind KIND --country CC [--operator O] [--capacity TONNES] [--services a,b]
//                 [--phone P] [--email E] [--region NAME|ID] [--village NAME|ID] [--lat LAT --lng LNG] [--note TEXT]
//                              add a public warehouse to the warehouse map (not demo data; docs/warehouses.md)
//   warehouse-edit ID --FIELD VALUE...
//                              change some fields of a public warehouse (same flags; an empty value clears one)
//   warehouse-retire ID        take a public warehouse off the map and lists (members' warehouses keep it)
//   warehouse-restore ID       bring a retired public warehouse back
//   import-prices FILE         import reference market prices from a CSV file (date,category,country,region,currency,
//                              unit,price,source; docs/statistics.md "Import"): all lines or none, problems by line;
//                              a price of the same crop, region, unit, source and day replaces the one stored
//   recompute-prices           recompute every row of the price statistics from deals, lots and imported prices
//   list-dead-letters [--kind mail|sms] [--page N]
//                              list the outbox's dead letters, newest first, 25 a page (docs/operations.md "Outbox")
//   retry-message mail|sms ID  send a dead letter again (refused past its deadline: a PIN, a confirmation or reset link)
//   retry-message --all [--kind mail|sms]
//                              send again every dead letter not past its deadline
//   list-jobs                  the scheduled jobs: last run, duration, error, failures in a row (docs/operations.md "Jobs")
//   backup DIR                 back up the database and DATA_DIR/uploads into the new directory DIR (docs/operations.md
//                              "Backups and restore"); the embedded database only with the site stopped
//   restore DIR [--force]      restore a backup into an empty database and uploads directory (the site stopped);
//                              --force replaces them (keeping what it replaced); exit code 1 when the restored counts
//                              differ from the backup's, and then nothing is replaced
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { ROLES, TIERS, type Role, type Tier } from '~/features/accounts/constants';
import { installDatabase } from '~/server/db';
import { migrateDatabase, openDatabase } from '~/server/db/client';
import { ensureSeeded } from '~/server/db/seed';
import { payouts, tierRequests, users } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { AppError } from '~/server/errors';
import { createTranslator } from '~/i18n/t';
import { hashPassword, randomReferralCode, randomToken } from '~/server/services/accounts/secrets';
import { declineTierRequest, setTier } from '~/server/services/accounts/tiers';
import { setRole } from '~/server/services/accounts/set-role';
import { verifyStoredDeal } from '~/server/services/deals/history';
import { checkLedger } from '~/server/services/wallet/check-ledger';
import { moveUploadsToBucket } from '~/server/storage/move-uploads';
import { createS3Storage, s3OptionsOf } from '~/server/storage/s3';
import { getPaymentProvider } from '~/server/payments/registry';
import { decidePayout } from '~/server/services/payments/decide-payout';
import { listOpenPayouts } from '~/server/services/payments/list-open-payouts';
import { settlePayoutByHand } from '~/server/services/payments/settle-payout-by-hand';
import { DISPUTE_DECISIONS, type DisputeDecision } from '~/features/deals/constants';
import { resolveDispute } from '~/server/services/deals/resolve-dispute';
import { reconcilePayments } from '~/server/services/payments/reconcile-payments';
import { reconcilePayouts } from '~/server/services/payments/reconcile-payouts';
import { warehouseFlags } from '~/features/warehouses/admin-flags';
import { createPublicWarehouse } from '~/server/services/warehouses/create-public-warehouse';
import { restorePublicWarehouse } from '~/server/services/warehouses/restore-public-warehouse';
import { retirePublicWarehouse } from '~/server/services/warehouses/retire-public-warehouse';
import { updatePublicWarehouse } from '~/server/services/warehouses/update-public-warehouse';
import { CONTACT_STATUSES, type ContactStatus } from '~/features/contact/schema';
import { listContactMessages } from '~/server/services/contact/list-contact-messages';
import { LOAN_DECISIONS, type LoanDecision } from '~/features/financing/constants';
import { changeLoanApplicationStatus } from '~/server/services/financing/change-loan-application-status';
import { importMarketPrices } from '~/server/services/statistics/import-market-prices';
import { recomputeAllPrices } from '~/server/services/statistics/refresh-price-cells';
import { readFile } from 'node:fs/promises';
import { OUTBOX_KINDS, type OutboxKind, deadLettersQuerySchema } from '~/features/admin/operations';
import { listDeadLetters } from '~/server/services/outbox/list-dead-letters';
import { listJobs } from '~/server/services/outbox/list-jobs';
import { retryAllDeadLetters } from '~/server/services/outbox/retry-all-dead-letters';
import { retryDeadLetter } from '~/server/services/outbox/retry-dead-letter';
import { existsSync } from 'node:fs';
import { KEY_TABLES } from '~/features/backup/manifest';
import { backUp } from '~/server/services/backup/back-up';
import { restoreBackup } from '~/server/services/backup/restore-backup';

const [command, ...args] = process.argv.slice(2);
const env = getEnv();
// Handled before the database is opened below (with its migrations and seeding): backup and restore open it
// themselves (a backup copies the database as it is, a restore wants an empty one); move-uploads-to-s3 needs none, so
// it runs while the site holds the embedded database (docs/operations.md "Object storage").
if (command === 'backup' || command === 'restore' || command === 'move-uploads-to-s3') {
  const dir = args.find((arg) => !arg.startsWith('--'));
  const uploadsDir = path.resolve(env.DATA_DIR, 'uploads');
  const dataDir = path.resolve(env.DATA_DIR, 'pglite');
  try {
    switch (command) {
      case 'backup': {
        if (!dir) throw new Error('usage: npm run admin -- backup DIR');
        if (!env.DATABASE_URL && !existsSync(path.join(dataDir, 'PG_VERSION')))
          throw new Error(`There is no embedded database in ${dataDir} to back up.`);
        const handle = await openDatabase({ url: env.DATABASE_URL, dataDir });
        try {
          const made = await backUp({ handle, url: env.DATABASE_URL, uploadsDir, dir });
          console.log(
            `Backed up the ${made.database.kind === 'pglite' ? 'embedded database' : 'PostgreSQL database'} (${made.migrations.applied} migrations, last ${made.migrations.last}; ${KEY_TABLES.map((t) => `${made.rows[t] ?? 0} ${t}`).join(', ')}) and ${made.uploads.files} files (${made.uploads.bytes} bytes) from ${uploadsDir} into ${path.resolve(dir)}.`,
          );
          // Files kept in an S3 bucket are not in DATA_DIR/uploads: the bucket is backed up on its own.
          if (process.env.S3_BUCKET)
            console.log(
              `The uploads in the bucket ${process.env.S3_BUCKET} are not in this backup: see docs/operations.md "Backups and restore".`,
            );
        } finally {
          await handle.close();
        }
        break;
      }
      case 'restore': {
        if (!dir) throw new Error('usage: npm run admin -- restore DIR [--force]');
        const report = await restoreBackup({
          dir,
          target: env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir },
          uploadsDir,
          force: args.includes('--force'),
        });
        console.log(
          `Restored the backup of ${report.manifest.createdAt}: ${KEY_TABLES.map((t) => `${report.restored.rows[t] ?? 0} ${t}`).join(', ')} (every table's count as the backup's) and ${report.manifest.uploads.files} files into ${uploadsDir}.`,
        );
        for (const aside of report.keptAside)
          console.log(`What it replaced is kept in ${aside}: remove it when satisfied.`);
        if (report.keptDatabase)
          console.log(
            `The database it replaced is kept as ${report.keptDatabase}: drop it when satisfied (dropdb ${report.keptDatabase}).`,
          );
        break;
      }
      case 'move-uploads-to-s3': {
        if (!env.S3_BUCKET)
          throw new Error('it needs S3_BUCKET (and S3_ENDPOINT, S3_REGION, keys as the app runs with them)');
        const removeLocal = args.includes('--remove-local');
        const report = await moveUploadsToBucket(uploadsDir, createS3Storage(s3OptionsOf(env)), { removeLocal });
        for (const { key, error } of report.failed) console.error(`failed: ${key}: ${error}`);
        for (const name of report.skipped) console.error(`skipped (not a storage key): ${name}`);
        console.log(
          `${uploadsDir} -> s3://${env.S3_BUCKET}: ${report.copied} copied, ${report.alreadyThere} already there, ${report.failed.length} failed${removeLocal ? `, ${report.removed} local file(s) removed` : ''}.`,
        );
        if (report.failed.length > 0)
          throw new Error('some files were not copied: run the command again to retry them.');
        break;
      }
    }
  } catch (error) {
    console.error(`${command} failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
  process.exit();
}
let handle: Awaited<ReturnType<typeof openDatabase>>;
try {
  handle = await openDatabase({ url: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR, 'pglite') });
} catch (error) {
  // The embedded database held by the running site (DataDirLockedError), PostgreSQL not answering: the message alone.
  console.error(`${command ?? 'admin'} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
installDatabase(handle);
const fail = (message: string) => {
  console.error(message);
  process.exitCode = 1;
};

try {
  await migrateDatabase(handle);
  await ensureSeeded(handle.db, { demo: env.SEED_DEMO });
  const db = handle.db;
  switch (command) {
    case 'set-tier': {
      const [email, tier] = args;
      if (!email || !TIERS.includes(tier as Tier)) {
        fail(`usage: npm run admin -- set-tier EMAIL ${TIERS.join('|')}`);
        break;
      }
      await setTier(db, email, tier as Tier);
      console.log(`${email} is now ${tier}.`);
      break;
    }
    case 'set-role': {
      const [email, role] = args;
      if (!email || !ROLES.includes(role as Role)) {
        fail(`usage: npm run admin -- set-role EMAIL ${ROLES.join('|')}`);
        break;
      }
      const { previous } = await setRole(db, email, role as Role);
      console.log(
        previous === role ? `${email} already has the role ${role}.` : `${email} is now ${role} (was ${previous}).`,
      );
      break;
    }
    case 'decline-request': {
      if (!args[0]) {
        fail('usage: npm run admin -- decline-request EMAIL [REASON]');
        break;
      }
      await declineTierRequest(db, args[0], { reason: args.slice(1).join(' ') || null });
      console.log(`Declined the pending request of ${args[0]}.`);
      break;
    }
    case 'list-requests': {
      const rows = await db
        .select({
          id: tierRequests.id,
          email: users.email,
          tier: tierRequests.tier,
          message: tierRequests.message,
          at: tierRequests.createdAt,
        })
        .from(tierRequests)
        .innerJoin(users, eq(users.id, tierRequests.userId))
        .where(eq(tierRequests.status, 'pending'));
      if (rows.length === 0) console.log('No pending requests.');
      for (const row of rows)
        console.log(
          `#${row.id} ${row.email} → ${row.tier} (${row.at.toISOString()})${row.message ? `: ${row.message}` : ''}`,
        );
      break;
    }
    case 'create-admin': {
      const email = args[0]?.toLowerCase();
      if (!email?.includes('@')) {
        fail('usage: npm run admin -- create-admin EMAIL');
        break;
      }
      const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (existing) {
        await db.update(users).set({ role: 'admin', updatedAt: new Date() }).where(eq(users.id, existing.id));
        console.log(`${email} is now an administrator.`);
      } else {
        const password = randomToken().slice(0, 16);
        await db.insert(users).values({
          email,
          passwordHash: await hashPassword(password),
          firstName: 'Admin',
          traderStatus: 'trader',
          role: 'admin',
          emailVerifiedAt: new Date(),
          referralCode: randomReferralCode(),
        });
        console.log(`Created administrator ${email} with the one-time password ${password} — sign in and change it.`);
      }
      break;
    }
    case 'verify-deal': {
      const id = Number(args[0]);
      if (!Number.isInteger(id) || id < 1) {
        fail('usage: npm run admin -- verify-deal ID');
        break;
      }
      const result = await verifyStoredDeal(db, id);
      if (result.valid)
        console.log(`Deal #${id}: ${result.events} events, the chain verifies. Head hash ${result.head_hash}.`);
      else fail(`Deal #${id}: the chain is BROKEN at event ${result.broken_at} of ${result.events}.`);
      break;
    }
    case 'check-ledger': {
      const report = await checkLedger(db);
      if (report.ok)
        console.log('The ledger is consistent: every transfer balanced, every balance equal to its postings.');
      else fail(`The ledger has ${report.problems.length} problem(s):\n${report.problems.join('\n')}`);
      break;
    }
    case 'list-payouts': {
      const rows = await listOpenPayouts(db);
      if (rows.length === 0) console.log('No withdrawals awaiting approval or in flight.');
      for (const row of rows)
        console.log(
          `${row.reference}  ${row.status}  ${row.amountMinor} ${row.currency} (minor units)  user #${row.userId}  ${row.method} ${row.destinationMasked}  ${row.createdAt.toISOString()}`,
        );
      break;
    }
    case 'approve-payout':
    case 'decline-payout': {
      if (!args[0]) {
        fail(`usage: npm run admin -- ${command} REFERENCE`);
        break;
      }
      const [reference] = args;
      const decision = command === 'approve-payout' ? 'approve' : 'decline';
      const [row] = await db
        .select({ provider: payouts.provider })
        .from(payouts)
        .where(eq(payouts.reference, reference));
      const payout = await decidePayout(db, row ? getPaymentProvider(row.provider) : undefined, reference, decision);
      console.log(`${payout.reference} is now ${payout.status}${payout.failure ? ` (${payout.failure})` : ''}.`);
      break;
    }
    case 'settle-payout': {
      const [reference, outcome] = args;
      if (!reference || (outcome !== 'paid' && outcome !== 'failed')) {
        fail('usage: npm run admin -- settle-payout REFERENCE paid|failed');
        break;
      }
      const payout = await settlePayoutByHand(db, reference, outcome);
      console.log(`${payout.reference} is now ${payout.status}.`);
      break;
    }
    case 'resolve-dispute': {
      const [rawId, decision, ...rest] = args;
      const id = Number(rawId);
      const option = (name: string) => {
        const at = rest.indexOf(name);
        return at >= 0 ? rest.splice(at, 2)[1] : undefined;
      };
      const by = option('--by');
      const note = option('--note');
      const sellerAmount = rest[0] === undefined ? undefined : Number(rest[0]);
      if (
        !Number.isInteger(id) ||
        id < 1 ||
        !DISPUTE_DECISIONS.includes(decision as DisputeDecision) ||
        (decision === 'split') !== (sellerAmount !== undefined) ||
        (sellerAmount !== undefined && !Number.isSafeInteger(sellerAmount))
      ) {
        fail('usage: npm run admin -- resolve-dispute OFFER_ID release|refund|split [SELLER_AMOUNT] [--by EMAIL]');
        break;
      }
      const [admin] = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(by ? and(eq(users.role, 'admin'), eq(users.email, by.toLowerCase())) : eq(users.role, 'admin'))
        .orderBy(asc(users.id))
        .limit(1);
      if (!admin) {
        fail('No administrator to decide: create one first (npm run admin -- create-admin EMAIL).');
        break;
      }
      const done = await resolveDispute(db, {
        offerId: id,
        decision: decision as DisputeDecision,
        sellerAmount,
        deciderId: admin.id,
        note: note ?? null,
        // The same audit row as the back office's decision (docs/backoffice.md "Money").
        audit: { id: admin.id, role: 'admin', email: admin.email, ip: null },
      });
      console.log(
        `Deal #${id}: dispute ${done.disputeId} resolved (${done.decision}) by ${admin.email}: held ${done.held}, seller ${done.sellerAmount - done.fee} (fee ${done.fee}), buyer ${done.buyerAmount} — transfer ${done.transferId}.`,
      );
      break;
    }
    case 'loan-status': {
      const [rawId, status, ...rest] = args;
      const id = Number(rawId);
      const option = (name: string) => {
        const at = rest.indexOf(name);
        return at >= 0 ? rest.splice(at, 2)[1] : undefined;
      };
      const by = option('--by');
      const note = option('--note');
      if (!Number.isInteger(id) || id < 1 || !LOAN_DECISIONS.includes(status as LoanDecision)) {
        fail('usage: npm run admin -- loan-status ID in_review|approved|declined [--note TEXT] [--by EMAIL]');
        break;
      }
      const [admin] = await db
        .select({ id: users.id, email: users.email, role: users.role })
        .from(users)
        .where(by ? and(eq(users.role, 'admin'), eq(users.email, by.toLowerCase())) : eq(users.role, 'admin'))
        .orderBy(asc(users.id))
        .limit(1);
      if (!admin) {
        fail('No administrator: create one first (npm run admin -- create-admin EMAIL).');
        break;
      }
      const done = await changeLoanApplicationStatus(db, { user: admin }, { id, status: status as LoanDecision, note });
      console.log(`Loan application #${done.id}: ${done.status} (by ${admin.email}); the member was e-mailed.`);
      break;
    }
    case 'reconcile': {
      const repair = args.includes('--repair');
      const findings = [...(await reconcilePayments(db, { repair })), ...(await reconcilePayouts(db, { repair }))];
      if (findings.length === 0) console.log('Every payment and payout agrees with its provider and the ledger.');
      for (const f of findings)
        console.log(
          `${f.provider} ${f.reference}: ${f.problem} (ours ${f.status}, provider ${f.provider_status ?? '?'})${f.repaired ? ` — repaired: ${f.repaired}` : ''}${f.detail ? ` [${f.detail}]` : ''}`,
        );
      if (findings.some((f) => !f.repaired)) process.exitCode = 1;
      break;
    }
    case 'warehouse-add': {
      const input = warehouseFlags(args);
      if (!input) {
        fail(
          'usage: npm run admin -- warehouse-add --title T --kind KIND --country CC [--operator O] [--capacity TONNES] [--services a,b] [--phone P] [--email E] [--region R] [--village V] [--lat LAT --lng LNG] [--note TEXT]',
        );
        break;
      }
      const { id } = await createPublicWarehouse(db, input);
      console.log(`Added public warehouse #${id} (${input.title}).`);
      break;
    }
    case 'warehouse-edit': {
      const id = Number(args[0]);
      const changes = warehouseFlags(args.slice(1));
      if (!Number.isInteger(id) || id < 1 || !changes || Object.keys(changes).length === 0) {
        fail('usage: npm run admin -- warehouse-edit ID --FIELD VALUE... (flags as warehouse-add)');
        break;
      }
      await updatePublicWarehouse(db, id, changes);
      console.log(`Public warehouse #${id}: changed ${Object.keys(changes).join(', ')}.`);
      break;
    }
    case 'warehouse-retire':
    case 'warehouse-restore': {
      const id = Number(args[0]);
      if (!Number.isInteger(id) || id < 1) {
        fail(`usage: npm run admin -- ${command} ID`);
        break;
      }
      if (command === 'warehouse-retire') {
        const done = await retirePublicWarehouse(db, id);
        console.log(`Public warehouse #${id} retired on ${done.retired_at.toISOString()}.`);
      } else {
        await restorePublicWarehouse(db, id);
        console.log(`Public warehouse #${id} is live again.`);
      }
      break;
    }
    case 'list-messages': {
      const flag = args.indexOf('--status');
      const status = flag >= 0 ? args[flag + 1] : undefined;
      if (status !== undefined && !CONTACT_STATUSES.includes(status as ContactStatus)) {
        fail(`usage: npm run admin -- list-messages [--status ${CONTACT_STATUSES.join('|')}]`);
        break;
      }
      const rows = await listContactMessages(db, { status: status as ContactStatus | undefined });
      if (rows.length === 0) console.log(status ? `No ${status} messages.` : 'No messages.');
      for (const row of rows) {
        const reach = [row.email, row.phone].filter(Boolean).join(' / ');
        const member = row.userId ? `  member #${row.userId}` : '';
        console.log(
          `#${row.id}  ${row.status}  ${row.createdAt.toISOString()}  ${row.topic}  ${row.locale}  ${row.name} <${reach}>${member}`,
        );
        console.log(`    ${row.message.replace(/\s*\n\s*/g, ' ⏎ ')}`);
      }
      break;
    }
    case 'import-prices': {
      if (!args[0]) {
        fail('usage: import-prices FILE');
        break;
      }
      const result = await importMarketPrices(db, await readFile(args[0], 'utf8'));
      if (!result.ok) {
        fail(`${args[0]}: nothing imported, ${result.problems.length} problem(s):`);
        for (const problem of result.problems.slice(0, 100))
          console.error(`  line ${problem.line}: ${problem.message}`);
        if (result.problems.length > 100) console.error(`  … and ${result.problems.length - 100} more`);
        break;
      }
      console.log(
        `Imported ${result.imported} price(s) (${result.replaced} replaced earlier ones); ${result.cells} statistics cell(s) recomputed.`,
      );
      break;
    }
    case 'recompute-prices': {
      const started = Date.now();
      await db.transaction((tx) => recomputeAllPrices(tx));
      console.log(`Recomputed the price statistics in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
      break;
    }
    case 'list-dead-letters': {
      const flag = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
      const query = deadLettersQuerySchema.safeParse({ kind: flag('--kind'), page: flag('--page') });
      if (!query.success) {
        fail(`usage: npm run admin -- list-dead-letters [--kind ${OUTBOX_KINDS.join('|')}] [--page N]`);
        break;
      }
      const page = await listDeadLetters(db, 'command_line', query.data);
      if (page.items.length === 0) console.log('No dead letters.');
      for (const item of page.items)
        console.log(
          `${item.kind} #${item.id}  dead since ${item.died_at}  ${item.attempts} tries  to ${item.recipient}  ${item.retryable ? '' : '(past its deadline: cannot be retried)  '}${item.request_id ? `request=${item.request_id}` : ''}\n    ${item.summary}\n    last error: ${item.last_error ?? '—'}`,
        );
      const { currentPage, pageCount, totalCount } = page._meta;
      if (pageCount > 1) console.log(`Page ${currentPage} of ${pageCount} (${totalCount} dead letters).`);
      break;
    }
    case 'retry-message': {
      if (args[0] === '--all') {
        const kind = args.includes('--kind') ? args[args.indexOf('--kind') + 1] : undefined;
        if (kind !== undefined && !OUTBOX_KINDS.includes(kind as OutboxKind)) {
          fail(`usage: npm run admin -- retry-message --all [--kind ${OUTBOX_KINDS.join('|')}]`);
          break;
        }
        const done = await retryAllDeadLetters(db, 'command_line', { kind: kind as OutboxKind | undefined });
        console.log(
          `${done.retried} dead letter(s) back in the outbox; ${done.expired} past their deadline stay dead.`,
        );
        break;
      }
      const [kind, rawId] = args;
      const id = Number(rawId);
      if (!OUTBOX_KINDS.includes(kind as OutboxKind) || !Number.isInteger(id) || id < 1) {
        fail(`usage: npm run admin -- retry-message ${OUTBOX_KINDS.join('|')} ID | --all [--kind mail|sms]`);
        break;
      }
      await retryDeadLetter(db, 'command_line', { kind: kind as OutboxKind, id });
      console.log(`${kind} #${id} is back in the outbox: a worker process sends it within seconds.`);
      break;
    }
    case 'list-jobs': {
      const jobs = await listJobs(db, 'command_line');
      if (jobs.length === 0) console.log('No scheduled job registered yet (a process with WORKERS=1 registers them).');
      for (const job of jobs) {
        const last = job.last_started_at
          ? `last run ${job.last_started_at} (${job.last_duration_ms ?? '?'} ms) ${job.last_error ? `FAILED: ${job.last_error}` : 'ok'}`
          : 'never run';
        const held = job.held_by ? `  held by ${job.held_by} until ${job.held_until}` : '';
        console.log(
          `${job.name}  ${last}  runs ${job.runs}, failures ${job.failures}, ${job.consecutive_failures} in a row  next ${job.next_run_at}${held}`,
        );
      }
      break;
    }
    default:
      fail(
        'commands: set-tier EMAIL TIER | set-role EMAIL user|editor|admin | decline-request EMAIL | list-requests | create-admin EMAIL | verify-deal ID | check-ledger | list-payouts | approve-payout REFERENCE | decline-payout REFERENCE | settle-payout REFERENCE paid|failed | resolve-dispute OFFER_ID DECISION [SELLER_AMOUNT] | loan-status ID STATUS [--note TEXT] | reconcile [--repair] | warehouse-add --title T --kind KIND --country CC ... | warehouse-edit ID --FIELD VALUE... | warehouse-retire ID | warehouse-restore ID | list-messages [--status STATUS] | import-prices FILE | recompute-prices | list-dead-letters [--kind mail|sms] | retry-message mail|sms ID | retry-message --all | list-jobs | backup DIR | restore DIR [--force] | move-uploads-to-s3 [--remove-local]',
      );
  }
} catch (error) {
  const t = createTranslator('en');
  fail(
    `failed: ${error instanceof AppError ? t(error.messageKey, error.vars) : error instanceof Error ? error.message : String(error)}`,
  );
  // Which fields a command's input got wrong (warehouse-add, warehouse-edit).
  if (error instanceof AppError && error.fields)
    for (const [field, messages] of Object.entries(error.fields))
      console.error(`  ${field}: ${messages.map((m) => t(m.key, m.vars)).join(' ')}`);
} finally {
  await handle.close();
}
