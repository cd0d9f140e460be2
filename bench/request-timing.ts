// One GET timed again and again, the way the PostgreSQL sections (insights-stats, messages-inbox) time their cases.
import type pg from 'pg';

export type GetTiming = { p50_ms: number; max_ms: number; body: string };

const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * `path` asked `runs` times one after another with `token`, after two asks not counted (plans
 * cached, pages read): the median and the slowest round trip in ms, and the last answer's body.
 * A refusal stops the section: a figure of an error page would mislead.
 */
export async function timeGet(serverUrl: string, path: string, token: string, runs: number): Promise<GetTiming> {
  const durations: number[] = [];
  let body = '';
  for (let run = -2; run < runs; run += 1) {
    const started = performance.now();
    const response = await fetch(`${serverUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    body = await response.text();
    if (!response.ok) throw new Error(`${path} answered ${response.status} ${body.slice(0, 200)}`);
    if (run >= 0) durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  return { p50_ms: round(durations[Math.floor(runs / 2)]!), max_ms: round(durations.at(-1)!), body };
}

/** How long `work` took, in seconds to one decimal (a section's fill). */
export async function secondsTaken(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return Math.round((performance.now() - started) / 100) / 10;
}

/** `time()` with `indexes` in place, then again after dropping them: what the indexes are worth. */
export async function withAndWithoutIndexes<T>(client: pg.Client, indexes: readonly string[], time: () => Promise<T>): Promise<{ indexed: T; unindexed: T }> {
  const indexed = await time();
  for (const index of indexes) await client.query(`drop index ${index}`);
  return { indexed, unindexed: await time() };
}
