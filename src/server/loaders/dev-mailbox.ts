import { getDb } from '~/server/db';
import { listOutbox } from '~/server/services/accounts/list-outbox';

/** The development mailbox (/dev/mailbox): the newest `limit` e-mails and SMS of the outbox tables. */
export async function loadMailboxPage(limit: number) {
  return { outbox: await listOutbox(await getDb(), limit) };
}
