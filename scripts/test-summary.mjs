// Adds up the Vitest JSON reports of a CI run into one closing line: "Tests: N passed, N failed".
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const folder = process.argv[2] ?? '.ci-results';
let passed = 0;
let failed = 0;
for (const name of readdirSync(folder).filter((file) => file.endsWith('.json')).sort()) {
  const report = JSON.parse(readFileSync(join(folder, name), 'utf8'));
  console.log(`${name.replace(/\.json$/, '').padEnd(10)} ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  passed += report.numPassedTests;
  failed += report.numFailedTests;
}
console.log(`Tests: ${passed} passed, ${failed} failed`);
if (failed > 0) process.exitCode = 1;
