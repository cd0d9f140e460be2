import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { MapConfig, TerritoryCoverage, TerritoryCoverageRequest } from '#contracts/territories';
import { mapConfigMachine } from '#src/machines/territories/map-config.machine';
import { COVERAGE_DEBOUNCE_MS, territoryCoverageMachine } from '#src/machines/territories/territory-coverage.machine';
import { provideChecked } from '../../support/contract-double';
import { assertPathCoverage } from '../../support/path-coverage';
import { EMPTY_COVERAGE } from './fixtures';

const request = (zips: string[]): TerritoryCoverageRequest => ({ zips, circles: [{ center_lat: 40.4, center_lng: 49.8, radius_meters: 1000 }] });

afterEach(() => vi.useRealTimers());

describe('territory coverage machine', () => {
  it('reaches every state and transition', () => {
    assertPathCoverage(territoryCoverageMachine, {
      events: [
        { type: 'coverage.request', request: request(['1000']) },
        { type: 'xstate.done.actor.loadCoverage', output: EMPTY_COVERAGE },
        { type: 'xstate.error.actor.loadCoverage', error: new Error('HTTP 503') },
      ],
    });
  });

  it('asks once the changes pause, with the latest zips and circles', async () => {
    vi.useFakeTimers();
    const asked: TerritoryCoverageRequest[] = [];
    const machine = provideChecked(territoryCoverageMachine, {
      actors: {
        loadCoverage: fromPromise<TerritoryCoverage, TerritoryCoverageRequest>(async ({ input }) => {
          asked.push(input);
          return { ...EMPTY_COVERAGE, circle_zips_not_listed: ['1002'] };
        }),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'coverage.request', request: request(['1000']) });
    vi.advanceTimersByTime(COVERAGE_DEBOUNCE_MS - 1);
    actor.send({ type: 'coverage.request', request: request(['1000', '1001']) });
    vi.advanceTimersByTime(COVERAGE_DEBOUNCE_MS);
    vi.useRealTimers();
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    expect(asked).toEqual([request(['1000', '1001'])]);
    expect(actor.getSnapshot().context.coverage?.circle_zips_not_listed).toEqual(['1002']);
  });
});

describe('map configuration machine', () => {
  it('reaches every state and transition', () => {
    assertPathCoverage(mapConfigMachine, {
      events: [
        {
          type: 'xstate.done.actor.loadMapConfig',
          output: { tile_url: 'https://tiles.example/{z}/{x}/{y}.png', attribution: '© Example' } satisfies MapConfig,
        },
        { type: 'xstate.error.actor.loadMapConfig', error: new Error('HTTP 503') },
      ],
    });
  });
});
