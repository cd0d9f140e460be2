import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

/**
 * Two rules of docs/architecture.md, enforced here:
 * - One direction of imports between layers: contracts ← services ← machines ← views ← app.
 * - One room per area in every layer: an area imports its own room and `shared`, never another
 *   area's; a `shared` room imports no area. Only the composition roots (src/app.tsx, server/app.ts,
 *   server/plugins, server/cli) see every area.
 */
const AREAS = ['accounts', 'onboarding', 'survey', 'menu', 'leads', 'territories', 'insights', 'storefront', 'ordering'];

const CONTRACTS_LAYER = {
  files: ['contracts/**'],
  rooms: ['contracts'],
  message: 'Contracts are shared by both ends and import neither.',
  paths: ['react', 'ky', 'xstate', 'fastify'],
  patterns: ['**/src/**', '**/server/**'],
};
const LAYERS = [
  {
    files: ['src/views/**', 'src/components/**', 'src/app.tsx', 'src/main.tsx'],
    rooms: ['src/views'],
    message: 'Views render machine state; HTTP and storage belong in src/services behind a machine actor.',
    paths: ['ky'],
    patterns: ['**/server/**'],
    // A service's types (the shapes its calls return) may be named; its code runs only inside machines.
    typePatterns: ['**/services/**'],
  },
  {
    files: ['src/machines/**'],
    rooms: ['src/machines'],
    message: 'Machines are free of React, views and HTTP clients: effects come in through named actors.',
    paths: ['ky', 'react', 'react-dom', '@xstate/react'],
    patterns: ['@mantine/*', '**/views/**', '**/components/**', '**/server/**'],
  },
  {
    files: ['src/services/**'],
    rooms: ['src/services'],
    message: 'Services know HTTP and contracts only: no React, XState, machines or views.',
    paths: ['react', 'react-dom', 'xstate', '@xstate/react'],
    patterns: ['@mantine/*', '**/machines/**', '**/views/**', '**/components/**', '**/server/**'],
  },
  {
    files: ['server/**'],
    rooms: ['server/domain', 'server/routes'],
    message: 'The server never imports the web app (src/); share code through contracts/.',
    paths: ['react', 'ky', 'xstate'],
    patterns: ['**/src/**'],
  },
  CONTRACTS_LAYER,
];

const SERVER_MESSAGE = LAYERS.find((layer) => layer.files.includes('server/**')).message;

/**
 * tsconfig.json's path aliases (`#src/…`, `#server/…`, `#contracts/…`, `#tests/…`; vitest.aliases.ts
 * gives Vitest the same) are for tests. App code imports by relative path: vite.config.ts does not
 * know the aliases. The layer rules match an alias as they match the folder it names, so `#server/…`
 * is refused wherever `…/server/…` is. (A pattern's leading `#` would make it a comment: escaped.)
 */
const ALIAS_ROOTS = ['src', 'server', 'contracts', 'tests'];
const APP_CODE_ALIASES = {
  group: ALIAS_ROOTS.map((root) => `\\#${root}/**`),
  message: 'The #src, #server, #contracts and #tests aliases are for tests: app code imports by relative path (vite.config.ts does not resolve them).',
};
// A folder pattern (the server folder anywhere) and the alias that names the same folder.
const withAlias = (group) => {
  const root = /^\*\*\/(\w+)\/\*\*$/.exec(group)?.[1];
  return ALIAS_ROOTS.includes(root) ? [group, `\\#${root}/**`] : [group];
};

const restrictedImports = (layer, areaPatterns = []) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      paths: layer.paths.map((name) => ({ name, message: layer.message })),
      patterns: [
        ...layer.patterns.map((group) => ({ group: withAlias(group), message: layer.message })),
        ...(layer.typePatterns ?? []).map((group) => ({ group: withAlias(group), message: layer.message, allowTypeImports: true })),
        ...areaPatterns,
        APP_CODE_ALIASES,
      ],
    },
  ],
});

/** The rooms of other areas, as import patterns: `…/menu/…` and the file `contracts/menu`. */
function otherAreas(area) {
  const others = AREAS.filter((name) => name !== area);
  const message =
    area === 'shared'
      ? 'A shared room serves every area and imports none (docs/architecture.md, "Areas").'
      : `The ${area} area imports its own room and shared, never another area's (docs/architecture.md, "Areas").`;
  return others.map((other) => ({ group: [`**/${other}`, `**/${other}/**`], message }));
}

/** Flat config takes the last matching setting of a rule whole, so each room repeats its layer's rule. */
const roomConfigs = (layer) =>
  [...AREAS, 'shared'].map((area) => ({
    files: layer.rooms.flatMap((room) => [`${room}/${area}/**`, ...(room === 'contracts' ? [`${room}/${area}.ts`] : [])]),
    rules: restrictedImports(layer, otherAreas(area)),
  }));

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-server/',
      'dist-paths/',
      'node_modules/',
      'data/',
      'coverage/',
      '.e2e-artifacts/',
      'server/db/migrations/',
      'reports/',
      '.stryker-tmp/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The two classic rules only: the plugin's React Compiler rules assume the compiler, which this app does not use.
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // No module may reach itself through its imports (docs/architecture.md, "one direction of imports").
    // Type-only imports are left out here (tests/architecture/import-cycles.test.ts counts them too).
    // The resolver reads tsconfig.json's paths.
    files: ['{src,server,contracts}/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          tsconfig: { configFile: fileURLToPath(new URL('tsconfig.json', import.meta.url)) },
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // App code outside every layer (src/theme.ts, …) still may not use the test aliases; the layers below repeat it.
  { files: ['src/**', 'server/**', 'contracts/**'], rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [APP_CODE_ALIASES] }] } },
  ...LAYERS.map((layer) => ({ files: layer.files, rules: restrictedImports(layer) })),
  ...LAYERS.flatMap(roomConfigs),
  {
    // The store's public pages (issue 42): the server renders the very components the browser
    // hydrates, through their one composition root, src/store-roots.tsx, and nothing else of src/.
    files: ['server/domain/storefront/store-page/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['ky', 'xstate'].map((name) => ({ name, message: SERVER_MESSAGE })),
          patterns: [
            { group: ['**/src/**', '!**/src/store-roots', '\\#src/**'], message: `${SERVER_MESSAGE} (The store pages render src/store-roots.tsx only.)` },
            ...otherAreas('storefront'),
            APP_CODE_ALIASES,
          ],
        },
      ],
    },
  },
  {
    // The one statechart both ends run (issue 30): the server checks every order transition with it
    // and the board offers only its moves. Pure XState (no actors, no effects), so the contracts'
    // rule bends for this file alone.
    files: ['contracts/ordering/order-lifecycle.ts'],
    rules: restrictedImports({ ...CONTRACTS_LAYER, paths: CONTRACTS_LAYER.paths.filter((name) => name !== 'xstate') }, otherAreas('ordering')),
  },
);
