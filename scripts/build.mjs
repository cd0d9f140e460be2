// `npm run build`, and the build step of `npm start` and the production commands. Plain
// JavaScript, so that building and starting need no TypeScript runner.
//
//   node scripts/build.mjs                          builds both parts, whatever changed
//   node scripts/build.mjs --if-changed             builds only a part whose sources changed since its last build
//   node scripts/build.mjs --if-changed server      the same for one part (app or server)
//   --quiet                                         says nothing when nothing needs building
//
// The parts:
//   app     the React app: `vite build` into dist/ (as before; Vite's own output)
//   server  the Fastify server and its commands: esbuild bundles server/ and contracts/ (and the
//           few scripts/ modules they import, and the store pages' React components of src/ that
//           the server renders, TSX compiled with tsconfig.json's automatic JSX runtime) into one
//           ES module per entry in dist-server/,
//           leaving every package in node_modules external, for Node 20, with source maps.
//           The migrations are copied beside them (server/db/database.ts finds them next to its
//           own module: dist-server/migrations once bundled).
//
// Each part's build writes a stamp (node_modules/.cache/build-stamps/<part>.json; not in dist/,
// which the server serves): the size and modification time of every source file it was built
// from, a hash of package-lock.json, and the same figures of its main output file. --if-changed
// compares them with the files as they are now; a file added, removed, edited or touched, a
// changed lock file, or an output missing or written by something else (`vite build` run on its
// own) means building again. A fresh `npm ci` empties node_modules, so everything is built again.
// Build chatter goes to stderr: stdout belongs to the server's JSON log lines.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
process.chdir(ROOT);

const THIS_SCRIPT = 'scripts/build.mjs';
const STAMPS = 'node_modules/.cache/build-stamps';
const LOCK_FILE = 'package-lock.json';

/** The server's entry points, by the name of the file each becomes in dist-server/ (flat, on purpose: see below). */
const SERVER_ENTRIES = {
  main: 'server/main.ts',
  'create-admin': 'server/cli/create-admin-cli.ts',
  'db-migrate': 'server/db/migrate-cli.ts',
  'images-migrate': 'server/cli/migrate-images.ts',
};
const SERVER_OUT = 'dist-server';
const MIGRATIONS = 'server/db/migrations';

const PARTS = {
  app: {
    stampFile: `${STAMPS}/app.json`,
    outputs: ['dist/index.html'],
    build: buildApp,
  },
  server: {
    stampFile: `${STAMPS}/server.json`,
    outputs: Object.keys(SERVER_ENTRIES).map((name) => `${SERVER_OUT}/${name}.js`),
    build: buildServer,
  },
};

/**
 * What the app is built from. Vite reports no list of inputs after a build, so these are the
 * folders and files it reads (src/ imports contracts/; index.html, public/ and the configs;
 * Vite's .env files when present), listed again at every check.
 */
const APP_SOURCES = {
  dirs: ['src', 'contracts', 'public'],
  files: [
    'index.html',
    'vite.config.ts',
    'postcss.config.cjs',
    'scripts/precompress.ts',
    'tsconfig.json',
    '.env',
    '.env.local',
    '.env.production',
    '.env.production.local',
    THIS_SCRIPT,
  ],
};

const say = (line) => process.stderr.write(`${line}\n`);

async function listFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

async function sha256(path) {
  return createHash('sha256')
    .update(await readFile(path))
    .digest('hex');
}

async function signature(path) {
  const info = await stat(path).catch(() => undefined);
  return info ? `${info.size}:${info.mtimeMs}` : 'missing';
}

/**
 * `size:mtime` of each file (or `missing`), plus the lock file's hash: what a stamp holds.
 * `known`: a snapshot taken earlier whose figures are used where it has them.
 */
async function snapshot({ dirs, files }, known = undefined) {
  const listed = (await Promise.all(dirs.map(listFiles))).flat();
  const all = [...new Set([...files, ...listed])].sort();
  const entries = await Promise.all(
    all.map(async (path) => {
      return [path, known?.sources[path] ?? (await signature(path))];
    }),
  );
  return { dirs, files, sources: Object.fromEntries(entries), lock: known?.lock ?? (await sha256(LOCK_FILE).catch(() => 'missing')) };
}

/** Why `part` must be built again, or undefined when its last build is current. */
async function reasonToBuild(name) {
  const part = PARTS[name];
  const missing = part.outputs.find((path) => !existsSync(path));
  if (missing) return `${missing} is missing`;
  let stamp;
  try {
    stamp = JSON.parse(await readFile(part.stampFile, 'utf8'));
  } catch {
    return 'no record of what its last build was made from';
  }
  const now = await snapshot({ dirs: stamp.dirs ?? [], files: stamp.files ?? [] });
  for (const path of part.outputs) {
    if (stamp.outputs?.[path] !== (await signature(path))) return `${path} was written by something else since`;
  }
  if (now.lock !== stamp.lock) return `${LOCK_FILE} changed`;
  const paths = new Set([...Object.keys(stamp.sources ?? {}), ...Object.keys(now.sources)]);
  const changed = [...paths].filter((path) => stamp.sources?.[path] !== now.sources[path]);
  if (changed.length === 0) return undefined;
  const shown = changed.slice(0, 3).join(', ') + (changed.length > 3 ? ` and ${changed.length - 3} more` : '');
  return `${changed.length} source file${changed.length === 1 ? '' : 's'} changed since its last build (${shown})`;
}

/**
 * Records what `name` was built from. The figures come from `before`, taken before building,
 * so that a file edited while the build ran counts as changed at the next check.
 */
async function writeStamp(name, sources, before) {
  const stampFile = PARTS[name].stampFile;
  await mkdir(dirname(stampFile), { recursive: true });
  const outputs = Object.fromEntries(await Promise.all(PARTS[name].outputs.map(async (path) => [path, await signature(path)])));
  await writeFile(stampFile, `${JSON.stringify({ builtAt: new Date().toISOString(), outputs, ...(await snapshot(sources, before)) }, null, 2)}\n`);
}

function run(command, args) {
  return new Promise((resolve, reject) => {
    // The child's stdout goes to our stderr (see the header).
    const child = spawn(command, args, { stdio: ['ignore', 2, 2] });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${[command, ...args].join(' ')} failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

async function buildApp() {
  const before = await snapshot(APP_SOURCES);
  await run(process.execPath, [join('node_modules', 'vite', 'bin', 'vite.js'), 'build']);
  await writeStamp('app', APP_SOURCES, before);
}

async function buildServer() {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    throw new Error('esbuild is not installed (a devDependency): run `npm install` first, or start the existing build with `npm run serve`.');
  }
  // Every file the bundle may read (it names them after building).
  const before = await snapshot({ dirs: ['server', 'contracts', 'scripts', 'src'], files: ['tsconfig.json'] });
  await rm(SERVER_OUT, { recursive: true, force: true });
  const result = await esbuild.build({
    entryPoints: SERVER_ENTRIES,
    outdir: SERVER_OUT,
    bundle: true,
    // Packages stay in node_modules (native sharp, PGlite's WebAssembly and data files, pino's
    // worker threads all find their files relative to their own package).
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The store pages' components (src/store-roots.tsx): React's automatic runtime, as tsconfig.json says.
    jsx: 'automatic',
    sourcemap: true,
    // No code splitting: every entry is one file directly in dist-server/, so that a module that
    // locates files from its own URL (database.ts: ./migrations) finds them in the same place
    // whichever entry it was bundled into.
    splitting: false,
    metafile: true,
    logLevel: 'warning',
  });
  await cp(MIGRATIONS, join(SERVER_OUT, 'migrations'), { recursive: true });
  // Exactly the files esbuild read, plus the migrations folder (listed again at every check).
  const read = Object.keys(result.metafile.inputs)
    .filter((path) => !path.startsWith('node_modules/'))
    .sort();
  await writeStamp('server', { dirs: [MIGRATIONS], files: [...read, 'tsconfig.json', THIS_SCRIPT] }, before);
  const bytes = Object.entries(result.metafile.outputs)
    .filter(([path]) => path.endsWith('.js'))
    .map(([path, output]) => `${path} ${(output.bytes / 1024).toFixed(0)} KB`);
  say(`server: built ${bytes.join(', ')} (+ migrations, source maps)`);
}

async function main() {
  const args = process.argv.slice(2);
  const ifChanged = args.includes('--if-changed');
  const quiet = args.includes('--quiet');
  const named = args.filter((arg) => !arg.startsWith('--'));
  const unknown = named.filter((name) => !(name in PARTS));
  if (unknown.length > 0) throw new Error(`Unknown part ${unknown.join(', ')}: give app, server or neither (both).`);
  const parts = named.length > 0 ? named : ['server', 'app'];
  const current = [];
  for (const name of parts) {
    const reason = ifChanged ? await reasonToBuild(name) : 'asked to build';
    if (reason === undefined) {
      current.push(name);
      continue;
    }
    if (ifChanged) say(`${name}: building, ${reason}.`);
    const started = Date.now();
    // A build that fails half-way must not leave the last good build's stamp behind.
    await rm(PARTS[name].stampFile, { force: true });
    await PARTS[name].build();
    say(`${name}: built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
  if (current.length > 0 && !quiet) say(`${current.join(' and ')}: up to date, not rebuilding (no source changed since the last build).`);
}

main().catch((error) => {
  say(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
