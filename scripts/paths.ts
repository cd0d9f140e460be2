/**
 * `npm run paths` — list, run and measure the model-based path tests (docs/testing.md).
 *
 *   npm run paths                          every flow, its paths and their count
 *   npm run paths -- <flow>                one flow's paths (or walks, with their events)
 *   npm run paths -- <flow> '<path name>'  run one path (or walk, 'walk 2') in happy-dom, printing each step
 *   npm run paths -- <flow> '<name>' --browser   the same path in Chromium (builds the app first)
 *   npm run paths -- <flow> --shortest     a walked flow's shortest paths, one per transition
 *   npm run paths -- <flow> '<name>' --shortest [--browser]   run one of those alone
 *   npm run paths -- --coverage [--missing]      transitions the runs take, per machine; fails below 95 %
 *   npm run paths -- <flow> --coverage [--missing]   the same for one flow's machines, run quicker
 *   npm run paths -- [<flow>] --coverage --browser   counting the flows' Chromium path runs too
 *
 * A path name may be given with ASCII arrows ("a -> b => c") and may be any part of a name that
 * matches one path only.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FLOWS, findFlow, flowMachines, type Flow } from '../tests/paths/flows';
import { machineTransitionLabels } from '../tests/support/path-coverage';
import { rerunCommand } from '../tests/support/model-paths';
import type { TakenTransitions } from '../tests/support/transition-recorder';

/** Below this share of its transitions taken, a flow machine fails `--coverage`. */
const COVERAGE_FLOOR = 95;
const VITEST = resolve('node_modules/vitest/vitest.mjs');
const VITE = resolve('node_modules/vite/bin/vite.js');
/** The recording build (src/main.tsx, tests/support/record-in-browser.ts): never dist/. */
const RECORDING_DIST = 'dist-paths';

function vitest(args: string[], env: Record<string, string> = {}): number {
  const result = spawnSync(process.execPath, [VITEST, 'run', ...args], { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

const steps = (paths: { events: string[] }[]) => paths.reduce((sum, path) => sum + path.events.length, 0);

function listFlow(flow: Flow, shortest = false): void {
  const where = flow.browser ? `${flow.view}; Chromium: ${flow.browser}` : flow.view;
  if (flow.walks && !shortest) {
    const walks = flow.planned();
    const paths = flow.shortestNames();
    console.log(`${flow.name} — ${walks.length} walks, ${steps(walks)} steps, taking every transition (${where})`);
    for (const walk of walks) console.log(`  ${walk.name} (${walk.events.length} steps ⇒ ${walk.target}): ${walk.events.join(' → ')}`);
    for (const [event, why] of Object.entries(flow.domOnly ?? {})) console.log(`  (in Chromium a walk stops before ${event}: ${why})`);
    console.log(`  (instead of its ${paths.length} shortest paths, one per transition: list them with --shortest, run one with '<name>' --shortest)`);
    return;
  }
  const names = shortest ? flow.shortestNames() : flow.pathNames();
  console.log(`${flow.name} — ${names.length} ${flow.walks ? 'shortest paths (the tests run walks)' : 'paths'} (${where})`);
  for (const name of names) console.log(`  ${name}`);
  for (const [event, why] of Object.entries(flow.domOnly ?? {})) console.log(`  (paths with ${event} run in happy-dom only: ${why})`);
}

function listAll(): void {
  let total = 0;
  for (const flow of FLOWS) {
    listFlow(flow);
    total += flow.pathNames().length;
    console.log('');
  }
  console.log(`${total} paths and walks in ${FLOWS.length} flows. Run one: ${rerunCommand('<flow>', '<path name>')}`);
}

/** Testers type "->" and "=>"; the names use "→" and "⇒". */
function normalise(name: string): string {
  return name.trim().replaceAll('->', '→').replaceAll('=>', '⇒').replace(/\s+/g, ' ');
}

function choosePath(flow: Flow, given: string, shortest: boolean): string {
  const names = shortest ? flow.shortestNames() : flow.pathNames();
  const wanted = normalise(given);
  if (names.includes(wanted)) return wanted;
  const partial = names.filter((name) => name.includes(wanted));
  if (partial.length === 1) return partial[0]!;
  const why = partial.length === 0 ? 'No path matches' : `${partial.length} paths match`;
  const shown = partial.length === 0 ? names : partial;
  throw new Error(`${why} "${given}" in flow "${flow.name}". Its paths:\n${shown.map((name) => `  ${name}`).join('\n')}`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function runPath(flow: Flow, name: string, browser: boolean, shortest: boolean): number {
  // The test's title is "[flow] name" (modelPathCases); -t matches it against the full name.
  const pattern = `${escapeRegExp(`[${flow.name}] ${name}`)}$`;
  // PATHS_SHORTEST: a walked model's test files make its shortest paths instead of its walks.
  const env: Record<string, string> = { PATHS_STEPS: '1', ...(shortest && flow.walks ? { PATHS_SHORTEST: '1' } : {}) };
  if (!browser) return vitest(['--project', 'web', flow.view, '-t', pattern], env);
  if (!flow.browser) {
    console.error(`Flow "${flow.name}" has no Chromium replay yet; run it in happy-dom: ${rerunCommand(flow.name, name)}`);
    return 1;
  }
  const events = shortest ? name.split(' ⇒ ')[0]!.split(' → ') : flow.planned().find((path) => path.name === name)!.events;
  // A walk runs in Chromium up to the first event only happy-dom can make happen (modelPathCases' leftOut).
  const at = events.findIndex((event) => event in (flow.domOnly ?? {}));
  if (at >= 0) {
    const why = `${events[at]}: ${flow.domOnly![events[at]!]}`;
    if (!flow.walks || shortest || at === 0) {
      console.error(`This path is not replayed in Chromium: ${why}. Run it in happy-dom: ${rerunCommand(flow.name, name)}`);
      return 1;
    }
    console.log(`In Chromium this walk stops before step ${at + 1}, ${why}.`);
  }
  const build = spawnSync(process.execPath, [VITE, 'build'], { stdio: 'inherit' });
  if (build.status !== 0) return build.status ?? 1;
  return vitest(['--config', 'vitest.e2e.config.ts', flow.browser, '-t', pattern], env);
}

function readTaken(dir: string): Map<string, Set<string>> {
  const merged = new Map<string, Set<string>>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    const taken = JSON.parse(readFileSync(join(dir, file), 'utf8')) as TakenTransitions;
    for (const [machineId, labels] of Object.entries(taken)) {
      if (!merged.has(machineId)) merged.set(machineId, new Set());
      for (const label of labels) merged.get(machineId)!.add(label);
    }
  }
  return merged;
}

/**
 * The machine tests of a flow's area: tests/views/<area>/… → tests/machines/<area>. A one-flow run
 * takes only these and the flow's view tests, so its figures can be lower than the full run's
 * (another area's tests may take a transition too), never higher.
 */
function areaMachineTests(flow: Flow): string[] {
  const area = /^tests\/views\/([^/]+)\//.exec(flow.view)?.[1];
  const dir = area === undefined ? undefined : `tests/machines/${area}`;
  return dir !== undefined && existsSync(dir) ? [dir] : [];
}

/**
 * With --browser: builds the recording variant of the app into dist-paths/ (unminified, so the
 * labels name the same guards and actions as in Node) and runs the flows' Chromium files against
 * it, each page's taken transitions written beside the happy-dom workers' files.
 */
function browserCoverage(dir: string, flows: readonly Flow[]): number {
  const files = [...new Set(flows.flatMap((flow) => (flow.browser ? [flow.browser] : [])))];
  for (const flow of flows) if (!flow.browser) console.log(`Flow "${flow.name}" has no Chromium replay: its happy-dom runs only.`);
  if (files.length === 0) return 0;
  const build = spawnSync(process.execPath, [VITE, 'build', '--outDir', RECORDING_DIST, '--emptyOutDir', '--minify', 'false'], {
    stdio: 'inherit',
    env: { ...process.env, VITE_RECORD_TRANSITIONS: '1' },
  });
  if (build.status !== 0) return build.status ?? 1;
  return vitest(['--config', 'vitest.e2e.config.ts', ...files], { PATHS_COVERAGE_DIR: dir, E2E_DIST_DIR: RECORDING_DIST });
}

/**
 * Runs the machine tests and every flow's view tests with the recorder, then prints the table;
 * given one flow, only its area's machine tests, its view tests and its machines. With
 * `browser`, the flows' Chromium path runs count too.
 */
function coverage(showMissing: boolean, only?: Flow, browser = false): number {
  const dir = mkdtempSync(join(tmpdir(), 'paths-coverage-'));
  try {
    const files = only ? [...areaMachineTests(only), only.view] : ['tests/machines', ...new Set(FLOWS.map((flow) => flow.view))];
    // Two workers: the view paths wait on the screen, and four at once on a loaded machine time out.
    const domStatus = vitest(['--project', 'web', '--maxWorkers=2', ...files], { PATHS_COVERAGE_DIR: dir });
    const testsStatus = browser ? browserCoverage(dir, only ? [only] : FLOWS) || domStatus : domStatus;
    const taken = readTaken(dir);
    const rows = (only ? only.machines : flowMachines()).map((machine) => {
      const all = machineTransitionLabels(machine);
      const seen = taken.get(machine.id) ?? new Set<string>();
      const reached = all.filter((label) => seen.has(label));
      return { id: machine.id, reached: reached.length, total: all.length, missing: all.filter((label) => !seen.has(label)) };
    });
    const width = Math.max(...rows.map((row) => row.id.length), 'machine'.length);
    const runs = browser ? 'the machine and view tests and the Chromium path runs' : 'the machine and view tests';
    console.log(`\nTransitions taken by ${runs} (floor ${COVERAGE_FLOOR} %):\n`);
    console.log(`${'machine'.padEnd(width)}  taken / total      %`);
    let below = 0;
    for (const row of rows) {
      const percent = row.total === 0 ? 100 : (100 * row.reached) / row.total;
      const fails = percent < COVERAGE_FLOOR;
      if (fails) below += 1;
      const counts = `${String(row.reached).padStart(5)} / ${String(row.total).padEnd(5)}`;
      console.log(`${row.id.padEnd(width)}  ${counts}  ${percent.toFixed(1).padStart(5)}${fails ? '  below the floor' : ''}`);
      if (showMissing) for (const label of row.missing) console.log(`${' '.repeat(width)}    not taken: ${label}`);
    }
    if (below > 0) console.log(`\n${below} machine(s) below ${COVERAGE_FLOOR} %.${showMissing ? '' : ' Add --missing to list the transitions no run took.'}`);
    if (testsStatus !== 0) console.log('\nSome tests failed: the figures above count only what ran.');
    return testsStatus !== 0 || below > 0 ? 1 : 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function main(argv: string[]): number {
  const flags = new Set(argv.filter((arg) => arg.startsWith('--')));
  const [flowName, ...nameParts] = argv.filter((arg) => !arg.startsWith('--'));
  const known = new Set(['--browser', '--coverage', '--missing', '--shortest']);
  const unknown = [...flags].filter((flag) => !known.has(flag));
  if (unknown.length > 0) throw new Error(`Unknown option ${unknown.join(', ')}; known: ${[...known].join(', ')}.`);
  const flow = flowName === undefined ? undefined : findFlow(flowName);
  if (flowName !== undefined && !flow) throw new Error(`No flow "${flowName}". Flows: ${FLOWS.map((candidate) => candidate.name).join(', ')}.`);
  if (flags.has('--coverage')) return coverage(flags.has('--missing'), flow, flags.has('--browser'));
  if (!flow) {
    listAll();
    return 0;
  }
  const shortest = flags.has('--shortest');
  if (nameParts.length === 0) {
    listFlow(flow, shortest);
    return 0;
  }
  return runPath(flow, choosePath(flow, nameParts.join(' '), shortest), flags.has('--browser'), shortest);
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
}
