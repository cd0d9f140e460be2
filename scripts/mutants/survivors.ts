// What `npm run mutants:each -- --survivors <name>` needs: the lines of a machine's kept report
// whose mutants survived (or had no test), to run Stryker on those lines only, and the merge of
// that run's results back into the kept report. Sound where Stryker's incremental mode is not:
// every surviving mutant is run again whatever its coverage, and a mutant once killed stays
// killed, as tests are only added between the runs. The files must be as the full run saw them
// (the report keeps each file's source), else the locations no longer match and a full run is due.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

type Position = { line: number; column: number };
type Mutant = {
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: Position; end: Position };
  [field: string]: unknown;
};
type Report = { files: Record<string, { source: string; mutants: Mutant[] }> };

const UNDETECTED = new Set(['Survived', 'NoCoverage']);

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Report;

/** `file:line-line` for each line of `files` that holds an undetected mutant; throws when a file changed since the report. */
export function survivorRanges(reportPath: string, files: string[]): string[] {
  if (!existsSync(reportPath)) throw new Error(`No report kept in ${reportPath}: run the machine in full first.`);
  const report = read(reportPath);
  return files.flatMap((file) => {
    const kept = report.files[file];
    if (!kept) return [];
    if (kept.source !== readFileSync(file, 'utf8')) {
      throw new Error(`${file} changed since the run kept in ${reportPath}: run the machine in full (without --survivors).`);
    }
    const lines = new Set(kept.mutants.filter((mutant) => UNDETECTED.has(mutant.status)).map((mutant) => mutant.location.start.line));
    return [...lines].sort((a, b) => a - b).map((line) => `${file}:${line}-${line}`);
  });
}

const sameMutant = (a: Mutant, b: Mutant) =>
  a.mutatorName === b.mutatorName &&
  a.replacement === b.replacement &&
  a.location.start.line === b.location.start.line &&
  a.location.start.column === b.location.start.column &&
  a.location.end.line === b.location.end.line &&
  a.location.end.column === b.location.end.column;

/** Writes the kept report with each mutant the rerun tested taking the rerun's result; returns how many it now detects. */
export function mergeRerun(reportPath: string, rerunPath: string): number {
  const kept = read(reportPath);
  const rerun = read(rerunPath);
  let detected = 0;
  for (const [file, { mutants }] of Object.entries(rerun.files)) {
    const keptMutants = kept.files[file]?.mutants ?? [];
    for (const mutant of mutants) {
      const index = keptMutants.findIndex((candidate) => sameMutant(candidate, mutant));
      if (index === -1) throw new Error(`The rerun tested a mutant the kept report does not hold: ${file}:${mutant.location.start.line} ${mutant.mutatorName}`);
      if (UNDETECTED.has(keptMutants[index]!.status) && !UNDETECTED.has(mutant.status)) detected += 1;
      keptMutants[index] = { ...mutant, id: keptMutants[index]!.id };
    }
  }
  writeFileSync(reportPath, JSON.stringify(kept));
  return detected;
}
