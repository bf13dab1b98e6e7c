import { and, eq } from 'drizzle-orm';
import type { ReportReason } from '~/features/admin/moderation';
import type { Executor } from '~/server/db';
import { lots, moderationReports, users } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { consumeLimit, refundLimit } from '~/server/security/rate-limit';
import { isLotOnMarket } from '~/server/services/lots/lot-item';

/**
 * "Report this lot / profile" (`POST /api-v2/moderation/report`, docs/backoffice.md "Moderation"): a member reports
 * a lot on the market or a member's profile, with a reason and an optional comment. A lot not on the market or an
 * unknown member: 404. One's own lot or profile: 409 `moderation.own_target`. A second open report of the same
 * target by the same member: 409 `moderation.already_reported`. 20 reports an hour per member, then 429.
 */
export async function reportContent(
  db: Executor,
  reporterId: number,
  input: { targetType: 'lot' | 'profile'; lotId?: number; userId?: number; reason: ReportReason; comment?: string },
): Promise<{ id: number }> {
  // Counted before the report is taken (the 21st in an hour is refused, not stored); a refused one is given back.
  await consumeLimit('moderationReport', String(reporterId));
  const report = await db
    .transaction(async (tx) => {
      let reportedUserId: number;
      let lotId: number | null = null;
      if (input.targetType === 'lot') {
        // The lot's row is locked: two reports of it by one member at once cannot both be open.
        const [lot] = await tx
          .select()
          .from(lots)
          .where(eq(lots.id, input.lotId ?? 0))
          .for('update');
        if (!lot || (!isLotOnMarket(lot) && lot.userId !== reporterId))
          throw new AppError('not_found', 'lots.not_found');
        if (lot.userId === reporterId) throw new AppError('conflict', 'moderation.own_target');
        reportedUserId = lot.userId;
        lotId = lot.id;
      } else {
        const [user] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.id, input.userId ?? 0))
          .for('update');
        if (!user) throw new AppError('not_found', 'errors.not_found');
        if (user.id === reporterId) throw new AppError('conflict', 'moderation.own_target');
        reportedUserId = user.id;
      }
      const [open] = await tx
        .select({ id: moderationReports.id })
        .from(moderationReports)
        .where(
          and(
            eq(moderationReports.reporterId, reporterId),
            eq(moderationReports.status, 'open'),
            eq(moderationReports.targetType, input.targetType),
            lotId === null ? eq(moderationReports.reportedUserId, reportedUserId) : eq(moderationReports.lotId, lotId),
          ),
        )
        .limit(1);
      if (open) throw new AppError('conflict', 'moderation.already_reported');
      const [row] = await tx
        .insert(moderationReports)
        .values({
          reporterId,
          targetType: input.targetType,
          lotId,
          reportedUserId,
          reason: input.reason,
          comment: input.comment ? input.comment : null,
        })
        .returning({ id: moderationReports.id });
      return row;
    })
    .catch(async (error) => {
      await refundLimit('moderationReport', String(reporterId));
      throw error;
    });
  return report;
}
