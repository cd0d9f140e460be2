// A throw-away PostgreSQL database per bench section, created and dropped around the work.
import pg from 'pg';

export const POSTGRES_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs `work` against a fresh database; undefined (and a line saying why) when PostgreSQL is not reachable. */
export async function withPostgresDatabase<T>(work: (url: string) => Promise<T>): Promise<T | undefined> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL not reachable at ${POSTGRES_ADMIN_URL} (${(error as Error).message}): skipped.`);
    return undefined;
  }
  const name = `rp_bench_${process.pid}_${Date.now()}`;
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
