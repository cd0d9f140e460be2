/**
 * The recording build's extra chunk (`VITE_RECORD_TRANSITIONS=1`, built by
 * `npm run paths -- --coverage --browser` into dist-paths/): src/main.tsx imports it before React
 * renders, so the recorder sees every actor the app starts, through the bundle's own XState.
 * Each transition is reported as it is first taken through `window.__pathsReport`, a function
 * the e2e harness exposes to the page (it outlives a reload or a navigation, which start the
 * recorder afresh); before the page closes the harness also reads `window.__pathsTaken()`.
 * No other build has this chunk.
 */
import { onFirstTaken, recordEveryActor, takenTransitions, type TakenTransitions } from './transition-recorder';

declare global {
  interface Window {
    __pathsTaken?: () => TakenTransitions;
    __pathsReport?: (machineId: string, label: string) => unknown;
  }
}

onFirstTaken((machineId, label) => void window.__pathsReport?.(machineId, label));
recordEveryActor();
window.__pathsTaken = takenTransitions;
