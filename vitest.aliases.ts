import { fileURLToPath } from 'node:url';

/**
 * The path aliases tests use to reach the code they test (`#src/…`, `#server/…`, `#contracts/…`)
 * and each other (`#tests/…`) instead of `../../../src/…` chains. The same four are in
 * tsconfig.json's `paths`, which TypeScript, tsx (scripts that load test helpers) and ESLint read;
 * each Vitest config passes these to Vite. `#` starts no npm package's name (Node keeps it for
 * package.json "imports"), so an alias can never shadow a dependency.
 */
export const TEST_ALIAS_ROOTS = ['src', 'server', 'contracts', 'tests'] as const;

export const testAliases = TEST_ALIAS_ROOTS.map((root) => ({
  find: new RegExp(`^#${root}/`),
  replacement: fileURLToPath(new URL(`./${root}/`, import.meta.url)),
}));
