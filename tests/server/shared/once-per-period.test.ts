import { expect, it } from 'vitest';
import { runOncePerPeriod } from '#server/domain/shared/once-per-period';
import { databaseForFile } from '../test-app';

const HOUR = 3_600_000;
const database = databaseForFile();

it('runs a task once per period however many processes call it, and again once the period has passed', async () => {
  const start = new Date('2026-03-01T10:00:00Z');
  let runs = 0;
  const call = (now: Date) =>
    runOncePerPeriod(database().db, { name: 'count', periodMs: HOUR, now }, async () => {
      runs += 1;
    });

  // Two processes' timers firing together: one of them runs it.
  expect((await Promise.all([call(start), call(start)])).filter(Boolean)).toHaveLength(1);
  expect(await call(new Date(start.getTime() + HOUR / 2))).toBe(false);
  expect(runs).toBe(1);
  expect(await call(new Date(start.getTime() + HOUR))).toBe(true);
  expect(runs).toBe(2);
  expect(await database().query("select ran_at from housekeeping_runs where task = 'count'")).toEqual([{ ran_at: new Date(start.getTime() + HOUR) }]);
});

it("keeps each task's period apart and records nothing when the work fails", async () => {
  const now = new Date('2026-03-02T10:00:00Z');
  expect(await runOncePerPeriod(database().db, { name: 'first', periodMs: HOUR, now }, async () => undefined)).toBe(true);
  expect(await runOncePerPeriod(database().db, { name: 'second', periodMs: HOUR, now }, async () => undefined)).toBe(true);
  const failing = runOncePerPeriod(database().db, { name: 'failing', periodMs: HOUR, now }, async () => {
    throw new Error('disk full');
  });
  await expect(failing).rejects.toThrow('disk full');
  expect(await database().query("select task from housekeeping_runs where task = 'failing'")).toEqual([]);
  // The next timer tries again.
  expect(await runOncePerPeriod(database().db, { name: 'failing', periodMs: HOUR, now }, async () => undefined)).toBe(true);
});
