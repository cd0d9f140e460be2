// `npm run bundle:check` (after `npm run build`): prints the bytes the browser downloads for the
// landing page (the entry, the landing route's lazy chunk and everything they import statically):
// the brotli copies the server sends to browsers that accept br (every current one), and the gzip
// copies for those that do not. Fails when the JavaScript downloaded as brotli is above its budget.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const DIST = 'dist';
const BUDGET_KB = 120;
const LANDING_SOURCE = 'src/views/leads/landing.view.tsx';

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
if (!existsSync(join(DIST, `${chunks[0]!.file}.br`))) throw new Error('No precompressed files in dist/: run `npm run build` first.');

type Encoding = 'br' | 'gz';
/** What the server sends for `file`: its precompressed copy, or the file itself when too small to have one. */
const sent = (file: string, encoding: Encoding) => {
  const copy = join(DIST, `${file}.${encoding}`);
  return statSync(existsSync(copy) ? copy : join(DIST, file)).size;
};
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const total = (files: string[], encoding: Encoding) => files.reduce((sum, file) => sum + sent(file, encoding), 0);

const jsFiles = [...new Set(chunks.map((chunk) => chunk.file))];
const cssFiles = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))];
const files = ['index.html', ...jsFiles, ...cssFiles];

console.log('Landing page, bytes downloaded:      brotli      gzip       raw');
for (const file of files) {
  console.log(
    `  ${file.padEnd(34)} ${kb(sent(file, 'br')).padStart(6)} KB ${kb(sent(file, 'gz')).padStart(6)} KB ${kb(statSync(join(DIST, file)).size).padStart(6)} KB`,
  );
}
const jsBrotli = total(jsFiles, 'br');
console.log(`  JavaScript ${kb(jsBrotli)} KB brotli (budget ${BUDGET_KB} KB), ${kb(total(jsFiles, 'gz'))} KB gzip`);
console.log(`  CSS ${kb(total(cssFiles, 'br'))} KB brotli, ${kb(total(cssFiles, 'gz'))} KB gzip`);
console.log(`  Everything ${kb(total(files, 'br'))} KB brotli, ${kb(total(files, 'gz'))} KB gzip`);

if (jsBrotli > BUDGET_KB * 1024) {
  console.error(`The landing page's JavaScript is over budget by ${kb(jsBrotli - BUDGET_KB * 1024)} KB.`);
  process.exit(1);
}
