// Adds up the Vitest JSON reports of a CI run into one closing line, "Tests: N passed, N failed",
// after the ten slowest test files of the run (a file's time from its first test's start to its
// last test's end; files of different reports ran in different steps) and the ten slowest tests
// (each its own time, its file's set-up and hooks not counted): where a new test's cost shows.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const folder = process.argv[2] ?? '.ci-results';
let passed = 0;
let failed = 0;
const files = [];
const tests = [];
for (const name of readdirSync(folder)
  .filter((file) => file.endsWith('.json'))
  .sort()) {
  const report = JSON.parse(readFileSync(join(folder, name), 'utf8'));
  const step = name.replace(/\.json$/, '');
  console.log(`${step.padEnd(10)} ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  for (const file of report.testResults) {
    const path = relative(process.cwd(), file.name);
    files.push({ step, file: path, seconds: (file.endTime - file.startTime) / 1000 });
    for (const test of file.assertionResults) tests.push({ step, file: path, title: test.title, seconds: (test.duration ?? 0) / 1000 });
  }
}
console.log('\nSlowest test files:');
for (const { step, file, seconds } of files.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
  console.log(`${seconds.toFixed(1).padStart(7)} s  ${step.padEnd(10)} ${file}`);
}
console.log('\nSlowest tests:');
for (const { step, file, title, seconds } of tests.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
  const name = title.length > 90 ? `${title.slice(0, 89)}…` : title;
  console.log(`${seconds.toFixed(1).padStart(7)} s  ${step.padEnd(10)} ${file} › ${name}`);
}
console.log(`\nTests: ${passed} passed, ${failed} failed`);
if (failed > 0) process.exitCode = 1;
