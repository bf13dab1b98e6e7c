import { type StaffActor, requireCapability } from '~/server/services/admin/access';

/**
 * Who asks the Operations services (docs/backoffice.md "Operations"): a staff member in the back office or the API —
 * checked for the `operations` capability and recorded in the audit trail — or the command line (scripts/admin.ts),
 * which whoever holds the database runs and which records no audit row (as its other commands).
 */
export type Operator = StaffActor | 'command_line';

/** The staff member behind `operator`, once their role is checked; null for the command line. */
export function staffOperator(operator: Operator): StaffActor | null {
  if (operator === 'command_line') return null;
  return requireCapability(operator, 'operations');
}
