// `npm run mutants:each [-- name ...]`: runs Stryker on one flow machine at a time (all of them, or
// the named ones) and keeps each run's report in reports/mutation/machines/<name>.json; then
// prints the table. Each run is a full one: Stryker's incremental mode reuses a surviving mutant's
// result unless a new test is recorded as covering it, and a mutant of a machine's configuration
// (a static mutant, most of a machine's) is covered by no test in particular, so a rerun after a
// new test would still count it as surviving. Flags after `--` that start with `-` go to Stryker.
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

mkdirSync(MACHINE_REPORTS, { recursive: true });
const stopped: string[] = [];
for (const name of names.length > 0 ? names : Object.keys(FLOW_MACHINES)) {
  console.log(`\n== ${name}`);
  const files = FLOW_MACHINES[name]!;
  const run = spawnSync(
    'nice',
    ['-n', '10', 'npx', 'stryker', 'run', '--mutate', files.join(','), ...strykerFlags],
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
