// CPU time a process has used, read from /proc (Linux): a figure the other load on a shared
// machine disturbs far less than requests per second.
import { readFile } from 'node:fs/promises';

/** Linux reports /proc times in USER_HZ, 100 a second on every architecture it runs on. */
const TICKS_PER_SECOND = 100;

/** User plus system CPU seconds of process `pid`; undefined where /proc is not available. */
export async function cpuSeconds(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), counted from field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds of `pid` and of its children (the server processes WEB_CONCURRENCY starts), read
 * from /proc/<pid>/task/<pid>/children; undefined where /proc is not available.
 */
export async function cpuSecondsWithChildren(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').then(
    (text) => text.trim().split(/\s+/).filter(Boolean).map(Number),
    () => [],
  );
  const seconds = await Promise.all([pid, ...children].map(cpuSeconds));
  return seconds.some((value) => value === undefined) ? undefined : seconds.reduce((sum: number, value) => sum + value!, 0);
}
