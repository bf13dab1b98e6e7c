import { and, eq, gt, inArray, isNotNull, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import { localizePath } from '~/i18n/paths';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { articles, newsNotifications, users } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { queueMail } from '~/server/mail';
import { newsDigestMail } from '~/server/mail/templates';
import { userLocale } from '~/server/services/accounts/users';
import { type ArticleCard, CARD_COLUMNS, toArticleCards } from './article-cards';

/** Articles published longer ago than this are never e-mailed (a member who turns the switch on gets no backlog). */
export const NEWS_LOOKBACK_DAYS = 3;
/** The articles listed in one e-mail; more are counted and reached through the news page. */
export const NEWS_MAIL_MAX_ARTICLES = 10;
/** Members handled per query; a run goes on until none is left. */
const BATCH = 200;
const DAY_MS = 24 * 60 * 60_000;

export interface SentNews {
  userId: number;
  articleIds: number[];
  /** Queued in the outbox, which delivers it: counts as sent (a failed queueing throws). */
  sent: boolean;
}

/** The day (UTC, `YYYY-MM-DD`) a time falls on: a member gets at most one news e-mail per such day. */
export const newsDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * One run of the news e-mails (docs/articles.md "News e-mails"; src/server/jobs/news-digest.ts runs it every ten
 * minutes). Each member with the `news_notification` switch on and a confirmed e-mail address, who got no news
 * e-mail yet today (UTC), is e-mailed about the published articles of the categories they follow
 * (`news_categories`; null is every category) that were published after they joined, in the last
 * NEWS_LOOKBACK_DAYS days, and that no earlier news e-mail of theirs named. Articles published after today's
 * e-mail wait for tomorrow's. Drafts, scheduled articles not yet due and unpublished ones never count.
 *
 * Claiming: the row (user_id, today) of news_notifications is inserted in the transaction that queues the e-mail;
 * its primary key lets one process (or run) only win it, so two processes never send a member two e-mails a day.
 * The claim and the queued mail commit together; the outbox delivers it (retrying while the mail server fails).
 * `now` is the run's clock.
 */
export async function sendNewsNotifications(db: Executor, now = new Date()): Promise<SentNews[]> {
  const today = newsDay(now);
  const since = new Date(now.getTime() - NEWS_LOOKBACK_DAYS * DAY_MS);
  const done: SentNews[] = [];
  let after = 0;
  for (;;) {
    const members = await db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        locale: users.locale,
        articleIds: sql<number[]>`array_agg(${articles.id} order by ${articles.publishedAt} desc, ${articles.id} desc)`,
      })
      .from(users)
      .innerJoin(
        articles,
        and(
          eq(articles.state, 'published'),
          gt(articles.publishedAt, since),
          lte(articles.publishedAt, now),
          gt(articles.publishedAt, users.createdAt),
          or(isNull(users.newsCategories), sql`${articles.category} = any(${users.newsCategories})`),
          // An article an earlier e-mail named is not named again.
          notExists(
            db
              .select({ one: sql`1` })
              .from(newsNotifications)
              .where(
                and(
                  eq(newsNotifications.userId, users.id),
                  sql`${newsNotifications.sentOn} >= ${newsDay(since)}`,
                  sql`${articles.id} = any(${newsNotifications.articleIds})`,
                ),
              ),
          ),
        ),
      )
      .where(
        and(
          gt(users.id, after),
          eq(users.newsNotification, true),
          isNotNull(users.email),
          isNotNull(users.emailVerifiedAt),
          notExists(
            db
              .select({ one: sql`1` })
              .from(newsNotifications)
              .where(and(eq(newsNotifications.userId, users.id), eq(newsNotifications.sentOn, today))),
          ),
        ),
      )
      .groupBy(users.id)
      .orderBy(users.id)
      .limit(BATCH);
    if (members.length === 0) break;
    after = members[members.length - 1].id;

    const ids = [...new Set(members.flatMap((m) => m.articleIds.map(Number)))];
    const rows = await db.select(CARD_COLUMNS).from(articles).where(inArray(articles.id, ids));
    const cards = new Map<Locale, Map<number, ArticleCard>>();
    const cardsIn = async (locale: Locale) => {
      let found = cards.get(locale);
      if (!found) {
        found = new Map((await toArticleCards(db, rows, locale)).map((card) => [card.id, card]));
        cards.set(locale, found);
      }
      return found;
    };

    for (const member of members) {
      const articleIds = member.articleIds.map(Number);
      const locale = userLocale(member);
      const mine = await cardsIn(locale);
      const listed = articleIds.flatMap((id) => mine.get(id) ?? []);
      const shown = listed.slice(0, NEWS_MAIL_MAX_ARTICLES);
      const url = (path: string) => `${getEnv().publicUrl}${localizePath(path, locale)}`;
      const mail = newsDigestMail(locale, member.email!, member.firstName, {
        articles: shown.map((card) => ({
          title: card.title,
          summary: card.summary,
          url: url(`/article/${card.slug}`),
        })),
        more: listed.length - shown.length,
        listUrl: url('/article'),
        settingsUrl: url('/user/profile/user#notifications'),
      });
      const claimed = await db.transaction(async (tx) => {
        const [claim] = await tx
          .insert(newsNotifications)
          .values({ userId: member.id, sentOn: today, articleIds, sentAt: now })
          .onConflictDoNothing()
          .returning({ userId: newsNotifications.userId });
        // Another process (or run) queued this member's e-mail of the day in the meantime.
        if (!claim) return false;
        await queueMail(tx, mail);
        return true;
      });
      if (claimed) done.push({ userId: member.id, articleIds, sent: true });
    }
    if (members.length < BATCH) break;
  }
  return done;
}
