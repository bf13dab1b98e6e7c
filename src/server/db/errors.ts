/** Whether a database error is a unique-index violation of `constraint` (same shape on PGlite and node-postgres). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (
    let current: unknown = error, depth = 0;
    current && depth < 4;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    const candidate = current as { code?: string; constraint?: string; message?: string };
    if (candidate.code === '23505' && (candidate.constraint === constraint || candidate.message?.includes(constraint)))
      return true;
  }
  return false;
}
