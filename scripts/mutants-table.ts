// `npm run mutants:table` (after `npm run mutants`): reads Stryker's report
// (reports/mutation/mutation.json) and prints the mutation score of each machine of src/machines,
// flow machines first. Fails when a flow machine that the report measured scores below 90 %.
// A run limited with `--mutate` measures only the files it mutated: the others show "not run".
import { existsSync, readFileSync } from 'node:fs';

const REPORT = 'reports/mutation/mutation.json';
const THRESHOLD = 90;

/** The flow machines the score applies to (issue 17), each with the files that make it up. */
const FLOW_MACHINES: Record<string, string[]> = {
  registration: ['src/machines/accounts/registration.machine.ts'],
  'resend-lock': ['src/machines/accounts/resend-lock.machine.ts'],
  login: ['src/machines/accounts/login.machine.ts'],
  'forgot-password': ['src/machines/accounts/forgot-password.machine.ts'],
  'reset-password': ['src/machines/accounts/reset-password.machine.ts'],
  onboarding: ['src/machines/onboarding/onboarding.machine.ts'],
  survey: ['src/machines/survey/survey.machine.ts'],
  'category editor': [
    'src/machines/menu/category-editor.machine.ts',
    'src/machines/menu/category-editor.calls.ts',
    'src/machines/menu/category-editor.context.ts',
    'src/machines/menu/category-editor.edits.ts',
    'src/machines/menu/category-editor.outcomes.ts',
    'src/machines/menu/category-editor.rows.ts',
  ],
  'category row queue': ['src/machines/menu/category-row-sync.machine.ts'],
  'category detail queue': ['src/machines/menu/category-detail-sync.machine.ts'],
  'menu upload': ['src/machines/menu/menu-upload.machine.ts'],
  'messages inbox': ['src/machines/leads/messages-inbox.machine.ts'],
  'territory editor': ['src/machines/territories/territory-editor.machine.ts'],
  'insights: general stats': ['src/machines/insights/general-stats.machine.ts'],
  'insights: menu dashboard': ['src/machines/insights/menu-dashboard.machine.ts'],
  'insights: analytics': ['src/machines/insights/analytics.machine.ts'],
  'extra options': ['src/machines/menu/extra-options.machine.ts'],
  'primary option set editor': ['src/machines/menu/primary-option-set-editor.machine.ts'],
  'menu list': ['src/machines/menu/menu-list.machine.ts'],
};

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

if (!existsSync(REPORT)) {
  console.error(`No ${REPORT}: run \`npm run mutants\` first.`);
  process.exit(2);
}
const report = JSON.parse(readFileSync(REPORT, 'utf8')) as Report;
// Stryker names files relative to the project, with forward slashes.
const mutantsOf = (files: string[]) => files.flatMap((file) => report.files[file]?.mutants ?? []);
const measured = (files: string[]) => files.some((file) => file in report.files);

const flowFiles = new Set(Object.values(FLOW_MACHINES).flat());
const others = Object.keys(report.files).filter((file) => !flowFiles.has(file)).sort();
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
  console.error(`\nBelow ${THRESHOLD} %: ${below.join(', ')}. Open reports/mutation/mutation.html to see the surviving mutants.`);
  process.exit(1);
}
