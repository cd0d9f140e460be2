// `npm run mutants:each [-- name ...]`: runs Stryker on one flow machine at a time (all of them, or
// the named ones) and keeps each run's report in reports/mutation/machines/<name>.json; then
// prints the table. Each run is a full one: Stryker's incremental mode reuses a surviving mutant's
// result unless a new test is recorded as covering it, and a mutant of a machine's configuration
// (a static mutant, most of a machine's) is covered by no test in particular, so a rerun after a
// new test would still count it as surviving. With `--survivors`, each named machine's kept
// report is run again on the lines of its undetected mutants only, and the results merged into it
// (scripts/mutants/survivors.ts). Other flags after `--` that start with `-` go to Stryker.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { FLOW_MACHINES, FULL_REPORT, MACHINE_REPORTS } from './flow-machines';
import { mergeRerun, survivorRanges } from './survivors';

const SURVIVORS = '--survivors';
const args = process.argv.slice(2);
const survivorsOnly = args.includes(SURVIVORS);
const strykerFlags = args.filter((arg) => arg.startsWith('-') && arg !== SURVIVORS);
const names = args.filter((arg) => !arg.startsWith('-'));
const unknown = names.filter((name) => !(name in FLOW_MACHINES));
if (unknown.length > 0) {
  console.error(`Unknown machine: ${unknown.join(', ')}. The flow machines: ${Object.keys(FLOW_MACHINES).join(', ')}.`);
  process.exit(2);
}
if (survivorsOnly && names.length === 0) {
  console.error(`${SURVIVORS} reruns the named machines' kept reports: name them.`);
  process.exit(2);
}

mkdirSync(MACHINE_REPORTS, { recursive: true });
const stopped: string[] = [];
for (const name of names.length > 0 ? names : Object.keys(FLOW_MACHINES)) {
  console.log(`\n== ${name}`);
  const files = FLOW_MACHINES[name]!;
  const kept = `${MACHINE_REPORTS}/${name}.json`;
  const mutate = survivorsOnly ? survivorRanges(kept, files) : files;
  if (mutate.length === 0) {
    console.log(`No undetected mutant kept for ${name}.`);
    continue;
  }
  const run = spawnSync('nice', ['-n', '10', 'npx', 'stryker', 'run', '--mutate', mutate.join(','), ...strykerFlags], { stdio: 'inherit' });
  if (run.status !== 0) {
    // Most often a test that fails before any mutant (Stryker's initial run): the other machines still get theirs.
    console.error(`Stryker stopped on ${name} (exit ${run.status}); its report is not kept.`);
    stopped.push(name);
    continue;
  }
  if (survivorsOnly) console.log(`${mergeRerun(kept, FULL_REPORT)} of ${name}'s undetected mutants are now detected.`);
  else copyFileSync(FULL_REPORT, kept);
}

const table = spawnSync('node', ['--import', 'tsx', 'scripts/mutants/table.ts'], { stdio: 'inherit' });
if (stopped.length > 0) console.error(`\nNot measured, Stryker stopped: ${stopped.join(', ')}.`);
process.exit(stopped.length > 0 ? 1 : (table.status ?? 1));
