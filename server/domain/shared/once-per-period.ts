import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import { housekeepingRuns } from '../../db/schema';
import { selectRows } from './raw-rows';

/**
 * Runs `work` unless another process on this database is running it now or ran it less than
 * `periodMs` ago, and records when it ran, all in one transaction: several server processes each
 * on their own timer still run a task once per period between them. Returns whether it ran.
 */
export async function runOncePerPeriod(db: Db, task: { name: string; periodMs: number; now: Date }, work: (tx: Db) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    // A transaction-level lock: released by the commit, and never waited for.
    const [lock] = await selectRows<{ held: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.housekeeping}) as held`);
    if (!lock?.held) return false;
    const due = new Date(task.now.getTime() - task.periodMs);
    // Claims the period: inserted, or moved forward only when the last run is older than it.
    const claimed = await tx
      .insert(housekeepingRuns)
      .values({ task: task.name, ranAt: task.now })
      .onConflictDoUpdate({ target: housekeepingRuns.task, set: { ranAt: task.now }, setWhere: sql`${housekeepingRuns.ranAt} <= ${due}` })
      .returning({ task: housekeepingRuns.task });
    if (claimed.length === 0) return false;
    await work(tx);
    return true;
  });
}
