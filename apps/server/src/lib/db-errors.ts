/**
 * Whether a database error is a unique violation, of the named constraint or index when given.
 * PostgreSQL and PGlite both report SQLSTATE 23505 with the constraint's name.
 * @example if (isUniqueViolation(error, 'fields_org_name_key')) throw conflict;
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/** Whether a database error is a foreign-key violation (SQLSTATE 23503). */
export function isForeignKeyViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23503' && (constraint === undefined || e.constraint === constraint);
}
