import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The store page script's source, as vite.config.ts names the entry. */
export const STORE_SCRIPT_ENTRY = 'src/store-page.tsx';

/**
 * The built store script's path (`/assets/store-page-<hash>.js`), read from the build's manifest
 * once when the server starts: it is a build artifact, the same for every process of one build.
 * Null when the app is not built, or built without the entry: the page then goes out without it.
 */
export function storeScriptSrc(staticDir: string): string | null {
  const manifestPath = join(staticDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file?: string }>;
  const file = manifest[STORE_SCRIPT_ENTRY]?.file;
  return file ? `/${file}` : null;
}
