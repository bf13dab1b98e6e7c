import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '~/server/db';
import { type StaffActor, requireCapability } from './access';

/** Days the feature-phone page counts, today (UTC) included. */
export const CHANNEL_TRAFFIC_DAYS = 30;

export interface ChannelTrafficDay {
  /** The UTC day, `YYYY-MM-DD`. */
  day: string;
  ussd_sessions: number;
  /** Σ of the sessions' steps (screens answered). */
  ussd_steps: number;
  /** Distinct phone numbers that dialled the menu that day. */
  ussd_callers: number;
  sms_inbound: number;
  /** SMS queued that day (any purpose) and delivered since. */
  sms_sent: number;
  /** SMS queued that day that the outbox gave up (dead letters). */
  sms_failed: number;
  pin_lockouts: number;
}

export interface ChannelTraffic {
  /** The first and the last day counted (UTC), `YYYY-MM-DD`. */
  from: string;
  to: string;
  /** One row per day, newest first; days without traffic are rows of zeros. */
  days: ChannelTrafficDay[];
  /** Σ of the days, but `ussd_callers`: distinct phone numbers over the whole period. */
  totals: Omit<ChannelTrafficDay, 'day'>;
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The start (UTC midnight) of the first day of the period ending today. */
export function channelTrafficStart(now: Date): Date {
  return new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (CHANNEL_TRAFFIC_DAYS - 1) * 86_400_000,
  );
}

type DayRow = Record<keyof ChannelTrafficDay, string | number>;

/**
 * The USSD and SMS traffic per UTC day over the last CHANNEL_TRAFFIC_DAYS days (docs/backoffice.md "Feature
 * phones"): USSD sessions, their steps and distinct callers, inbound SMS, outbound SMS sent and failed, PIN
 * lock-outs. One statement: each table is read from its `created_at` index over the period and grouped by day, then
 * joined to the calendar. The outbox keeps sent SMS 30 days (purge-expired.ts), so the period is what it holds.
 * Capability `support`.
 */
export async function readChannelTraffic(db: Executor, actor: StaffActor, now = new Date()): Promise<ChannelTraffic> {
  requireCapability(actor, 'support');
  const start = channelTrafficStart(now);
  const from = utcDay(start);
  const to = utcDay(now);
  const since = sql`${start.toISOString()}::timestamptz`;
  const dayOf = sql.raw(`(created_at at time zone 'UTC')::date`);
  const [days, [distinct]] = await Promise.all([
    db
      .execute(
        sql`with calendar as (
            select d::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') d
          ),
          ussd as (
            select ${dayOf} as day, count(*) as sessions, sum(steps) as steps, count(distinct phone) as callers
            from ussd_sessions where created_at >= ${since} group by 1
          ),
          inbound as (select ${dayOf} as day, count(*) as n from sms_inbound where created_at >= ${since} group by 1),
          outbound as (
            select ${dayOf} as day, count(*) filter (where status = 'sent') as sent,
              count(*) filter (where status = 'dead') as failed
            from sms_outbox where created_at >= ${since} group by 1
          ),
          lockouts as (
            select ${dayOf} as day, count(*) as n from ussd_pin_lockouts where created_at >= ${since} group by 1
          )
          select c.day::text as day,
            coalesce(u.sessions, 0)::int as ussd_sessions, coalesce(u.steps, 0)::int as ussd_steps,
            coalesce(u.callers, 0)::int as ussd_callers, coalesce(i.n, 0)::int as sms_inbound,
            coalesce(o.sent, 0)::int as sms_sent, coalesce(o.failed, 0)::int as sms_failed,
            coalesce(l.n, 0)::int as pin_lockouts
          from calendar c
          left join ussd u on u.day = c.day
          left join inbound i on i.day = c.day
          left join outbound o on o.day = c.day
          left join lockouts l on l.day = c.day
          order by c.day desc`,
      )
      .then(rowsOf<DayRow>),
    db
      .execute(sql`select count(distinct phone)::int as callers from ussd_sessions where created_at >= ${since}`)
      .then(rowsOf<{ callers: number | string }>),
  ]);
  const rows = days.map((row): ChannelTrafficDay => ({
    day: String(row.day),
    ussd_sessions: Number(row.ussd_sessions),
    ussd_steps: Number(row.ussd_steps),
    ussd_callers: Number(row.ussd_callers),
    sms_inbound: Number(row.sms_inbound),
    sms_sent: Number(row.sms_sent),
    sms_failed: Number(row.sms_failed),
    pin_lockouts: Number(row.pin_lockouts),
  }));
  const sum = (key: keyof Omit<ChannelTrafficDay, 'day'>) => rows.reduce((total, row) => total + row[key], 0);
  return {
    from,
    to,
    days: rows,
    totals: {
      ussd_sessions: sum('ussd_sessions'),
      ussd_steps: sum('ussd_steps'),
      ussd_callers: Number(distinct?.callers ?? 0),
      sms_inbound: sum('sms_inbound'),
      sms_sent: sum('sms_sent'),
      sms_failed: sum('sms_failed'),
      pin_lockouts: sum('pin_lockouts'),
    },
  };
}
