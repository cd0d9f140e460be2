// `npm run mutants:each [-- name ...]`: runs Stryker on one flow machine at a time (all of them, or
// the named ones), each in incremental mode with its own incremental file, and keeps each run's
// report in reports/mutation/machines/<name>.json; then prints the table. A rerun after a new test
// retests only the mutants that test covers and those it left alive, which takes minutes instead
// of the hours of a full run. Flags after `--` that start with `-` go to Stryker as they are.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { FLOW_MACHINES, FULL_REPORT, MACHINE_REPORTS } from './flow-machines';

const args = process.argv.slice(2);
const strykerFlags = args.filter((arg) => arg.startsWith('-'));
const names = args.filter((arg) => !arg.startsWith('-'));
const unknown = names.filter((name) => !(name in FLOW_MACHINES));
if (unknown.length > 0) {
  console.error(`Unknown machine: ${unknown.join(', ')}. The flow machines: ${Object.keys(FLOW_MACHINES).join(', ')}.`);
  process.exit(2);
}

mkdirSync(`${MACHINE_REPORTS}/incremental`, { recursive: true });
const stopped: string[] = [];
for (const name of names.length > 0 ? names : Object.keys(FLOW_MACHINES)) {
  console.log(`\n== ${name}`);
  const files = FLOW_MACHINES[name]!;
  const run = spawnSync(
    'nice',
    ['-n', '10', 'npx', 'stryker', 'run', '--mutate', files.join(','), '--incremental', '--incrementalFile', `${MACHINE_REPORTS}/incremental/${name}.json`, ...strykerFlags],
    { stdio: 'inherit' },
  );
  if (run.status !== 0) {
    // Most often a test that fails before any mutant (Stryker's initial run): the other machines still get theirs.
    console.error(`Stryker stopped on ${name} (exit ${run.status}); its report is not kept.`);
    stopped.push(name);
    continue;
  }
  copyFileSync(FULL_REPORT, `${MACHINE_REPORTS}/${name}.json`);
}

const table = spawnSync('node', ['--import', 'tsx', 'scripts/mutants/table.ts'], { stdio: 'inherit' });
if (stopped.length > 0) console.error(`\nNot measured, Stryker stopped: ${stopped.join(', ')}.`);
process.exit(stopped.length > 0 ? 1 : (table.status ?? 1));
