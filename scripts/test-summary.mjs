// Adds up the Vitest JSON reports of a CI run into one closing line, "Tests: N passed, N failed",
// after the ten slowest test files of the run (a file's time from its first test's start to its
// last test's end; files of different reports ran in different steps).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const folder = process.argv[2] ?? '.ci-results';
let passed = 0;
let failed = 0;
const files = [];
for (const name of readdirSync(folder)
  .filter((file) => file.endsWith('.json'))
  .sort()) {
  const report = JSON.parse(readFileSync(join(folder, name), 'utf8'));
  const step = name.replace(/\.json$/, '');
  console.log(`${step.padEnd(10)} ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  for (const file of report.testResults) {
    files.push({ step, file: relative(process.cwd(), file.name), seconds: (file.endTime - file.startTime) / 1000 });
  }
}
console.log('\nSlowest test files:');
for (const { step, file, seconds } of files.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
  console.log(`${seconds.toFixed(1).padStart(7)} s  ${step.padEnd(10)} ${file}`);
}
console.log(`\nTests: ${passed} passed, ${failed} failed`);
if (failed > 0) process.exitCode = 1;
