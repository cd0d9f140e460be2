// `npm run bundle:check` (after `npm run build`): prints the gzipped size of the JavaScript and
// CSS that the landing page loads (the entry, the landing route's lazy chunk and everything they
// import statically) and fails when the JavaScript is above its budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = 'dist';
const BUDGET_KB = 120;
const LANDING_SOURCE = 'src/views/landing/landing.view.tsx';

type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; css?: string[] };
const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;

function staticClosure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('No entry in the build manifest: run `npm run build` first.');
if (!manifest[LANDING_SOURCE]) throw new Error(`${LANDING_SOURCE} is not a chunk of its own: is the landing route lazy?`);

const chunks = [...staticClosure([entryKey, LANDING_SOURCE])].map((key) => manifest[key]!);
const gzipped = (file: string) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const jsFiles = [...new Set(chunks.map((chunk) => chunk.file))];
const cssFiles = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))];
const jsBytes = jsFiles.reduce((sum, file) => sum + gzipped(file), 0);
const cssBytes = cssFiles.reduce((sum, file) => sum + gzipped(file), 0);

console.log('Landing page, gzipped:');
for (const file of [...jsFiles, ...cssFiles]) console.log(`  ${kb(gzipped(file)).padStart(6)} KB  ${file}`);
console.log(`  JavaScript ${kb(jsBytes)} KB (budget ${BUDGET_KB} KB), CSS ${kb(cssBytes)} KB`);

if (jsBytes > BUDGET_KB * 1024) {
  console.error(`The landing page's JavaScript is over budget by ${kb(jsBytes - BUDGET_KB * 1024)} KB.`);
  process.exit(1);
}
