import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { MIGRATIONS_FOLDER, PGLITE_EXTENSIONS, fromPglite } from '#server/db/database';

/**
 * Where migrated templates are kept between runs: beside the installed packages, so a clean
 * install (a new clone, `npm ci`) starts without one, as Vite's and Vitest's caches do.
 */
const CACHE_DIR = resolve('node_modules/.cache/tablefront-tests');

/**
 * What a migrated database depends on: every migration, the code that runs them, the engine's
 * version and its extensions. A change to any of them names a new template.
 */
async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  for (const name of (await readdir(MIGRATIONS_FOLDER, { recursive: true })).sort()) {
    const path = join(MIGRATIONS_FOLDER, name);
    hash.update(name);
    if (/\.(sql|json)$/.test(name)) hash.update(await readFile(path));
  }
  hash.update(await readFile(resolve('server/db/database.ts')));
  // The package does not export its package.json: read the installed one.
  hash.update(await readFile(resolve('node_modules/@electric-sql/pglite/package.json')));
  hash.update(Object.keys(PGLITE_EXTENSIONS).sort().join(','));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A tarball of an embedded database with every migration applied, for test runs to load copies
 * of. Creating and migrating one costs about 5 s of one core before any test may start (and the
 * server tests, the PostgreSQL tier and the browser tests each needed one); loading a saved one,
 * a fraction of a second. Made once per set of migrations, then read from the cache; written
 * under a temporary name and renamed, so two runs at once never read half a file.
 */
export async function migratedTemplate(): Promise<string> {
  const path = join(CACHE_DIR, `pglite-${await templateKey()}.tar`);
  if (existsSync(path)) return path;
  const pglite = new PGlite({ extensions: PGLITE_EXTENSIONS });
  const database = fromPglite(pglite);
  await database.migrate();
  const dump = await pglite.dumpDataDir('none');
  await database.close();
  await mkdir(CACHE_DIR, { recursive: true });
  const partial = `${path}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, path);
  return path;
}
