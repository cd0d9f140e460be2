/** Rows as a query answers them, whichever engine and wrapper ran it. */
type Query = (sql: string) => Promise<Record<string, unknown>[]>;

/**
 * Leaves a migrated database with no rows: every public table truncated and its identities
 * restarted, in one statement. What a test gets instead of a new copy of the template (a kept
 * embedded database, tests/support/pglite-spares.ts; a file's database between its tests,
 * `emptiedBeforeEachTest` in tests/server/test-app.ts).
 */
export async function emptyEveryTable(query: Query): Promise<void> {
  const tables = await query("select tablename from pg_tables where schemaname = 'public'");
  await query(`truncate table ${tables.map((row) => `"${String(row.tablename)}"`).join(', ')} restart identity cascade`);
}
