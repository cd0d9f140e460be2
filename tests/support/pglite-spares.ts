import type { PGlite } from '@electric-sql/pglite';
import { emptyEveryTable } from './empty-tables';

/** The tables, columns, constraints, indexes, triggers and functions of a database: what emptying it must leave as the template made them. */
export const SCHEMA_PRINT = `select md5(coalesce(string_agg(entry, ',' order by entry), '')) as print from (
  select 'c:' || c.relname || ':' || c.relkind::text || ':' || coalesce((select string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull::text, ';' order by a.attnum)
    from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '') as entry
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'
  union all select 'k:' || conname || ':' || pg_get_constraintdef(k.oid) from pg_constraint k join pg_namespace n on n.oid = k.connamespace where n.nspname = 'public'
  union all select 't:' || tgname || ':' || tgenabled::text from pg_trigger where not tgisinternal
  union all select 'f:' || p.proname || ':' || md5(p.prosrc) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'
) as schema_entries`;

/** A database as `open` made it: `dispose` removes what it stands on (a folder on disk) once it is closed for good. */
export type OpenedPglite = { client: PGlite; dispose?: () => Promise<void> };

export type PgliteSpares = {
  /** A migrated database with no rows, private to the caller until `giveBack`: a kept one emptied, else a new one. */
  take(): Promise<PGlite>;
  /** Keeps the database for a later `take`, or closes it for good when it cannot serve again as it is (see `reusable`). */
  giveBack(client: PGlite): Promise<void>;
};

/**
 * Embedded databases this worker's earlier files have finished with, kept for the next file to
 * take: opening a copy of the template costs far more CPU than emptying one (the server tests:
 * about 0.65 s against 50 ms). One is emptied when taken again, not when given back, so that the
 * worker's last files pay nothing for databases no file will take. Files in a worker run one
 * after another, and a database is lent to one caller at a time, so none is ever shared by two at
 * once. `open` makes a new one from the run's migrated template.
 */
export function pgliteSpares(open: () => Promise<OpenedPglite>): PgliteSpares {
  const spare: OpenedPglite[] = [];
  const lent = new Map<PGlite, OpenedPglite>();
  let templatePrint: string | undefined;
  const discard = async ({ client, dispose }: OpenedPglite) => {
    if (!client.closed) await client.close();
    await dispose?.();
  };
  const lend = (taken: OpenedPglite) => {
    lent.set(taken.client, taken);
    return taken.client;
  };
  return {
    async take() {
      // Each kept one is tried once: emptied and lent, or closed for good.
      for (let kept = spare.pop(); kept; kept = spare.pop()) {
        if (templatePrint !== undefined && (await emptied(kept.client, templatePrint))) return lend(kept);
        await discard(kept);
      }
      const opened = await open();
      templatePrint ??= await schemaPrint(opened.client);
      return lend(opened);
    },
    async giveBack(client) {
      const taken = lent.get(client) ?? { client };
      lent.delete(client);
      if (reusable(client)) spare.push(taken);
      else await discard(taken);
    },
  };
}

/** Not one its caller closed, nor one left inside a transaction (which emptying would only join). */
const reusable = (client: PGlite) => !client.closed && !client.isInTransaction();

async function schemaPrint(client: PGlite): Promise<string | undefined> {
  return (await client.query<{ print: string }>(SCHEMA_PRINT)).rows[0]?.print;
}

/**
 * Empties a database kept for reuse (every row deleted, its identities restarted: empty-tables.ts; the
 * session's settings reset) and says whether it may serve again: not if the schema is not the
 * template's any more (a test that renames a table to force a failure puts it back, but one that
 * failed midway may not).
 */
async function emptied(client: PGlite, templatePrint: string): Promise<boolean> {
  try {
    await client.exec('reset all');
    await emptyEveryTable(async (sql) => (await client.query<Record<string, unknown>>(sql)).rows);
    return (await schemaPrint(client)) === templatePrint;
  } catch {
    // Not reusable as it is.
    return false;
  }
}
