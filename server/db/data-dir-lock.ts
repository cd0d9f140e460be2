// One process at a time on an embedded database: PGlite has no locking of its own, and two
// processes writing one `pgdata` folder lose each other's commits without an error.
import { hostname } from 'node:os';
import { link, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const LOCK_FILE = 'pgdata.lock';

/** Who holds a data folder: written into the lock file, shown to whoever is refused. */
export type LockHolder = { pid: number; host: string; startedAt: string; purpose: string };

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `${dataDir} is in use by ${holder.purpose} (pid ${holder.pid} on ${holder.host}, since ${holder.startedAt}): ` +
        'the embedded database can be opened by one process at a time.',
    );
  }
}

export type DataDirLock = { holder: LockHolder; release(): Promise<void> };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock's holder; undefined when there is no lock. A file that is not ours reads as pid 0. */
async function readHolder(path: string): Promise<LockHolder | undefined> {
  let text;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return JSON.parse(text) as LockHolder;
  } catch {
    return { pid: 0, host: hostname(), startedAt: 'unknown', purpose: 'an unreadable lock file' };
  }
}

const same = (a: LockHolder, b: LockHolder) => a.pid === b.pid && a.host === b.host && a.startedAt === b.startedAt;

/** Lock files this process holds: its own pid in one of them is not a previous life. */
const heldHere = new Set<string>();

/**
 * A holder that is gone: a process of this host that no longer runs, or whose pid is now ours
 * (a container restarted after SIGKILL runs the server as the same pid 1 again). A holder on
 * another host (a shared volume) cannot be checked and is never taken over.
 */
function isStale(path: string, holder: LockHolder): boolean {
  if (heldHere.has(path)) return false;
  if (holder.host !== hostname()) return false;
  // Never a real holder (we write whole files); also keeps kill(0 or -1) from meaning a group.
  if (!Number.isInteger(holder.pid) || holder.pid <= 0) return true;
  return holder.pid === process.pid || !isAlive(holder.pid);
}

/**
 * Takes `<dataDir>/pgdata.lock` or throws DataDirLockedError naming the live holder. The file is
 * written whole under a private name, then linked into place: link() fails when the lock exists,
 * so exactly one process wins, and no reader ever sees a half-written file. A lock left by a
 * process that died (SIGKILL, power loss) is taken over.
 */
export async function acquireDataDirLock(dataDir: string, purpose: string): Promise<DataDirLock> {
  const path = join(dataDir, LOCK_FILE);
  const holder: LockHolder = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString(), purpose };
  const draft = `${path}.${process.pid}.tmp`;
  await writeFile(draft, `${JSON.stringify(holder)}\n`, { mode: 0o644 });
  try {
    // Two rounds at most: the lock is free, or it is stale and this process clears it once.
    for (let round = 0; round < 2; round += 1) {
      try {
        await link(draft, path);
        heldHere.add(path);
        return {
          holder,
          release: async () => {
            heldHere.delete(path);
            await releaseIfOurs(path, holder);
          },
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const current = await readHolder(path);
      if (current && !isStale(path, current)) throw new DataDirLockedError(dataDir, current);
      if (current) await clearStale(path, current);
    }
    const current = await readHolder(path);
    throw new DataDirLockedError(dataDir, current ?? { pid: 0, host: 'unknown', startedAt: 'unknown', purpose: 'another process' });
  } finally {
    await unlink(draft).catch(() => undefined);
  }
}

/**
 * Moves a stale lock aside under a private name before deleting it, so that when two processes
 * find the same stale lock, only one removes it; if what was moved turns out to be a fresh lock
 * (another process took over first), it is put back.
 */
async function clearStale(path: string, stale: LockHolder): Promise<void> {
  const aside = `${path}.${process.pid}.stale`;
  try {
    await rename(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = await readHolder(aside);
  if (moved && !same(moved, stale)) await link(aside, path).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
}

async function releaseIfOurs(path: string, holder: LockHolder): Promise<void> {
  const current = await readHolder(path).catch(() => undefined);
  if (current && same(current, holder)) await unlink(path).catch(() => undefined);
}
