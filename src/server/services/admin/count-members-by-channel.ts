import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '~/server/db';
import { type StaffActor, requireCapability } from './access';
import { channelTrafficStart } from './read-channel-traffic';

export interface MembersByChannel {
  /** Accounts made on the site or through the API. */
  signed_up_web: number;
  /** Accounts made on a feature phone's menu. */
  signed_up_ussd: number;
  /** Members who dialled the menu (signed in to it) in the period of the traffic table. */
  used_ussd: number;
  /** Members who get notices by SMS: turned on, and no STOP since. */
  sms_notices_on: number;
  /** Members who sent STOP and have not sent START since. */
  sms_stopped: number;
}

/**
 * The members by channel for the feature-phone page (docs/backoffice.md "Feature phones"): one pass over the
 * accounts with a filtered count each, and the distinct members of the period's USSD sessions (their `created_at`
 * index). Capability `support`.
 */
export async function countMembersByChannel(
  db: Executor,
  actor: StaffActor,
  now = new Date(),
): Promise<MembersByChannel> {
  requireCapability(actor, 'support');
  const since = sql`${channelTrafficStart(now).toISOString()}::timestamptz`;
  const [[accounts], [sessions]] = await Promise.all([
    db
      .execute(
        sql`select count(*) filter (where signup_channel = 'web')::int as web,
            count(*) filter (where signup_channel = 'ussd')::int as ussd,
            count(*) filter (where sms_notification and sms_stopped_at is null)::int as notices,
            count(*) filter (where sms_stopped_at is not null)::int as stopped
          from users`,
      )
      .then(rowsOf<Record<'web' | 'ussd' | 'notices' | 'stopped', number | string>>),
    db
      .execute(sql`select count(distinct user_id)::int as members from ussd_sessions where created_at >= ${since}`)
      .then(rowsOf<{ members: number | string }>),
  ]);
  return {
    signed_up_web: Number(accounts.web),
    signed_up_ussd: Number(accounts.ussd),
    used_ussd: Number(sessions.members),
    sms_notices_on: Number(accounts.notices),
    sms_stopped: Number(accounts.stopped),
  };
}
