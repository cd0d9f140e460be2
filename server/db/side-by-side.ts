import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './database';

type Reads<T extends readonly unknown[]> = { readonly [K in keyof T]: () => PromiseLike<T[K]> };

/**
 * Reads that do not depend on one another: side by side on the pool, each on a connection of its
 * own, but one after another inside a transaction. A transaction has one connection, which runs
 * one statement at a time anyway; node-postgres queues a second one sent meanwhile with a
 * deprecation warning today and refuses it from pg 9 on.
 */
export async function sideBySide<T extends readonly unknown[]>(db: Db, reads: Reads<T>): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
