// `npm run mutants:table` (after `npm run mutants` or `npm run mutants:each`): reads Stryker's
// reports (the last full run's reports/mutation/mutation.json and the per-machine ones of
// reports/mutation/machines/) and prints the mutation score of each machine of src/machines, flow
// machines first. A file measured by several reports takes its figures from the newest one. Fails
// when a flow machine that the reports measured scores below 90 %; machines no report measured
// read "not run".
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { FLOW_MACHINES, FULL_REPORT, MACHINE_REPORTS } from './flow-machines';

const THRESHOLD = 90;

type Mutant = { status: string };
type Report = { files: Record<string, { mutants: Mutant[] }> };

/** Stryker's own score: detected over valid mutants (compile and runtime errors and ignored ones left out). */
type Tally = { killed: number; survived: number; noCoverage: number; timeout: number; ignored: number; total: number };

function tally(mutants: Mutant[]): Tally {
  const count = (status: string) => mutants.filter((mutant) => mutant.status === status).length;
  return {
    killed: count('Killed'),
    timeout: count('Timeout'),
    survived: count('Survived'),
    noCoverage: count('NoCoverage'),
    ignored: count('Ignored'),
    total: mutants.length,
  };
}

const score = (t: Tally) => {
  const valid = t.killed + t.timeout + t.survived + t.noCoverage;
  return valid === 0 ? null : (100 * (t.killed + t.timeout)) / valid;
};

const reportPaths = [
  ...(existsSync(FULL_REPORT) ? [FULL_REPORT] : []),
  ...(existsSync(MACHINE_REPORTS)
    ? readdirSync(MACHINE_REPORTS)
        .filter((name) => name.endsWith('.json'))
        .map((name) => `${MACHINE_REPORTS}/${name}`)
    : []),
].sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
if (reportPaths.length === 0) {
  console.error(`No report in ${FULL_REPORT} or ${MACHINE_REPORTS}/: run \`npm run mutants\` or \`npm run mutants:each\` first.`);
  process.exit(2);
}
// Oldest first, so a newer report's figures for a file replace an older one's.
const report: Report = { files: Object.assign({}, ...reportPaths.map((path) => (JSON.parse(readFileSync(path, 'utf8')) as Report).files)) };
// Stryker names files relative to the project, with forward slashes.
const mutantsOf = (files: string[]) => files.flatMap((file) => report.files[file]?.mutants ?? []);
const measured = (files: string[]) => files.some((file) => file in report.files);

const flowFiles = new Set(Object.values(FLOW_MACHINES).flat());
const others = Object.keys(report.files)
  .filter((file) => !flowFiles.has(file))
  .sort();
const rows: { name: string; flow: boolean; files: string[] }[] = [
  ...Object.entries(FLOW_MACHINES).map(([name, files]) => ({ name, flow: true, files })),
  ...others.map((file) => ({ name: file.replace(/^src\/machines\//, ''), flow: false, files: [file] })),
];

const header = ['machine', 'score', 'killed', 'timeout', 'survived', 'no cov.', 'ignored', 'mutants'];
const lines: string[][] = [];
const below: string[] = [];
for (const row of rows) {
  if (!measured(row.files)) {
    lines.push([row.name, 'not run', '', '', '', '', '', '']);
    continue;
  }
  const t = tally(mutantsOf(row.files));
  const value = score(t);
  const failing = row.flow && value !== null && value < THRESHOLD;
  if (failing) below.push(row.name);
  lines.push([
    `${row.name}${row.flow ? '' : ' (not a flow)'}`,
    value === null ? 'n/a' : `${value.toFixed(1)} %${failing ? ' ✗' : ''}`,
    ...[t.killed, t.timeout, t.survived, t.noCoverage, t.ignored, t.total].map(String),
  ]);
}

const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
const format = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
console.log(format(header));
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
lines.forEach((line) => console.log(format(line)));

if (below.length > 0) {
  console.error(`\nBelow ${THRESHOLD} %: ${below.join(', ')}. Open reports/mutation/mutation.html after a run of that machine to see the surviving mutants.`);
  process.exit(1);
}
