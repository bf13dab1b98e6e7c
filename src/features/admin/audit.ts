import { z } from 'zod';

/** Filters of the audit trail's list (`GET /api-v2/admin/audit`, `/admin/audit`). */
export const auditQuerySchema = z.object({
  actor_id: z.coerce.number().int().positive().optional(),
  action: z.string().trim().max(80).optional(),
  object_type: z.string().trim().max(40).optional(),
  object_id: z.string().trim().max(80).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  'per-page': z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
