import type { Database } from '#server/db/database';

/**
 * An md5 of every row of every table, by table: two equal results mean no row was added,
 * changed or removed anywhere. One statement, so it costs one round trip however many tables.
 */
export async function tableChecksums(database: Database): Promise<Record<string, string>> {
  const [built] = await database.query(`
    select string_agg(
      format('select %L as name, md5(coalesce(string_agg(t::text, %L order by t::text), %L)) as sum from %I t', tablename, E'\\n', '', tablename),
      ' union all ') as sql
    from pg_tables where schemaname = 'public'`);
  const rows = await database.query(String(built?.sql));
  return Object.fromEntries(rows.map((row) => [String(row.name), String(row.sum)]));
}

/**
 * The first transaction id not yet handed out. Changing a row needs one, so when this is the same
 * after a request as before it, the request changed no row and the (far dearer) checksums of
 * every table need not be taken again; when it moved (a write, or a rolled-back one), they do.
 */
export async function nextTransactionId(database: Database): Promise<string> {
  const [row] = await database.query('select pg_snapshot_xmax(pg_current_snapshot())::text as xmax');
  return String(row?.xmax);
}
