// What the database's refusals mean, for the services that turn one into the API's answer.

/** PostgreSQL (and PGlite) report a broken UNIQUE constraint as SQLSTATE 23505. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
