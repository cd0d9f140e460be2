/**
 * The taken files of `npm run paths -- --coverage` (Node only): each test worker, and each
 * Chromium page of the browser runs, writes the transitions it saw to PATHS_COVERAGE_DIR as
 * `taken-*.json` (machine id → labels); `scripts/paths.ts` merges them into the table.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { takenTransitions, type TakenTransitions } from './transition-recorder';

/** Writes what this worker recorded so far to `<dir>/taken-<pid>-<thread>.json` (rewritten as it grows). */
export function writeTaken(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `taken-${process.pid}-${threadId}.json`), JSON.stringify(takenTransitions()));
}

/** Adds what a browser page took to this process's `<dir>/taken-<pid>-browser.json`. */
export function addTaken(dir: string, taken: TakenTransitions): void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `taken-${process.pid}-browser.json`);
  let merged: TakenTransitions = {};
  try {
    merged = JSON.parse(readFileSync(file, 'utf8')) as TakenTransitions;
  } catch {
    // The first page of this process: no file yet.
  }
  for (const [machineId, labels] of Object.entries(taken)) {
    merged[machineId] = [...new Set([...(merged[machineId] ?? []), ...labels])].sort();
  }
  writeFileSync(file, JSON.stringify(merged));
}
