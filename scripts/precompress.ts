// Brotli and gzip copies of the built app's text files, written once at build time so the server
// sends them as they are (`@fastify/static` with `preCompressed`) instead of compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing; images and fonts are compressed already. */
export const COMPRESSIBLE_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest']);

/**
 * Below this the saving is about what Content-Encoding and Vary add. Lower than the 1 KB of JSON
 * answers because compressing here costs nothing per request, and index.html (about 1 KB, loaded
 * by every visit and every deep link) is just above it.
 */
const MIN_BYTES = 512;

function* files(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    // Dot folders (Vite's .vite/manifest.json) are build metadata, never served.
    if (entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes `<file>.br` and `<file>.gz` beside every compressible file of `folder` above MIN_BYTES. */
export function precompress(folder: string): void {
  for (const file of files(folder)) {
    if (!COMPRESSIBLE_EXTENSIONS.has(extname(file)) || statSync(file).size < MIN_BYTES) continue;
    const content = readFileSync(file);
    // Highest settings: paid once per build, saved on every download.
    const br = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } });
    const gz = gzipSync(content, { level: 9 });
    if (br.length >= content.length || gz.length >= content.length) continue;
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gz);
  }
}

/** Vite plugin: precompresses the output folder once the bundle is written. */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      precompress(outDir);
    },
  };
}
