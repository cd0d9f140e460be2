/**
 * Path coverage over several walks of one machine, for machines whose whole state space is too
 * large for one walk (or depends on input, like new and edit modes): each walk is small, and
 * together they must reach every state and every transition.
 */
import { expect } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { measurePathCoverage, type PathCoverageOptions, type PathCoverageReport } from '../../support/path-coverage';

export function assertWalksCover(machine: AnyStateMachine, walks: readonly PathCoverageOptions[]): PathCoverageReport[] {
  const reports = walks.map((options) => measurePathCoverage(machine, { limit: 50_000, ...options }));
  const all = reports[0]!;
  const states = new Set(reports.flatMap((report) => report.states.reached));
  const transitions = new Set(reports.flatMap((report) => report.transitions.reached));
  expect(all.states.all.filter((state) => !states.has(state)), 'states no walk reached').toEqual([]);
  expect(all.transitions.all.filter((transition) => !transitions.has(transition)), 'transitions no walk took').toEqual([]);
  return reports;
}
