/**
 * PostgreSQL's extended protocol numbers a statement's bind parameters with 16 bits, so one
 * statement carries at most 65,535 of them (PGlite the same). Multi-row inserts are cut below it.
 */
export const BIND_PARAMETERS_MAX = 65_535;

/**
 * `rows` cut into runs of at most `perStatement` rows, or as many as fit one statement when each
 * row binds `columns` parameters: one run, one multi-row insert, instead of a statement per row.
 */
export function statementChunks<T>(rows: readonly T[], columns: number, perStatement = Math.floor(BIND_PARAMETERS_MAX / columns)): T[][] {
  const size = Math.max(1, Math.min(perStatement, Math.floor(BIND_PARAMETERS_MAX / columns)));
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += size) chunks.push(rows.slice(start, start + size));
  return chunks;
}
