/**
 * Development hook (docs/statistics.md "Price alerts"): POST runs the price alerts job once, now, instead of waiting
 * for its ten-minute timer, and answers how many alerts fired. Open only where the development mailbox is
 * (getEnv().isMailboxOpen: development or DEV_MAILBOX, no SMTP, never over https) and to a browser on this machine;
 * elsewhere this address does not exist.
 */
import type { APIRoute } from 'astro';
import { getDb } from '~/server/db';
import { isDevToolOpen } from '~/server/http/dev-tools';
import { sendPriceAlerts } from '~/server/services/statistics/send-price-alerts';

const notFound = () => new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } });

export const POST: APIRoute = async (context) => {
  if (!isDevToolOpen(context)) return notFound();
  const fired = await sendPriceAlerts(await getDb());
  return Response.json({ fired: fired.length }, { headers: { 'Cache-Control': 'no-store' } });
};

export const GET: APIRoute = () => notFound();
