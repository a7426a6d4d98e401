import { sql, type Kysely } from 'kysely';

/**
 * Runs a SQL script one statement at a time: PGlite's parameterised query path, like pg's
 * extended protocol, takes a single statement. Scripts here hold no semicolons inside literals.
 */
export async function runScript(db: Kysely<unknown>, script: string): Promise<void> {
  const statements = script
    .split(/;\s*$/m)
    .map((statement) => statement.trim())
    .filter(Boolean);
  for (const statement of statements) await sql.raw(statement).execute(db);
}
