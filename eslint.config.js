import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** One direction of imports (docs/architecture.md): contracts ← services ← machines ← views ← app. */
const layer = (files, message, { paths = [], patterns = [] }) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', {
      paths: paths.map((name) => ({ name, message })),
      patterns: patterns.map((group) => ({ group: [group], message })),
    }],
  },
});

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'coverage/', '.e2e-artifacts/', 'server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  layer(['src/views/**', 'src/components/**', 'src/app.tsx', 'src/main.tsx'], 'Views render machine state; HTTP belongs in src/services behind a machine actor.', {
    paths: ['ky'],
    patterns: ['**/services/legacy', '**/services/api', '**/server/**'],
  }),
  layer(['src/machines/**'], 'Machines are free of React, views and HTTP clients: effects come in through named actors.', {
    paths: ['ky', 'react', 'react-dom', '@xstate/react'],
    patterns: ['@mantine/*', '**/views/**', '**/components/**', '**/server/**'],
  }),
  layer(['src/services/**'], 'Services know HTTP and contracts only: no React, XState, machines or views.', {
    paths: ['react', 'react-dom', 'xstate', '@xstate/react'],
    patterns: ['@mantine/*', '**/machines/**', '**/views/**', '**/components/**', '**/server/**'],
  }),
  layer(['server/**'], 'The server never imports the web app (src/); share code through contracts/.', {
    paths: ['react', 'ky', 'xstate'],
    patterns: ['**/src/**'],
  }),
  layer(['contracts/**'], 'Contracts are shared by both ends and import neither.', {
    paths: ['react', 'ky', 'xstate', 'fastify'],
    patterns: ['**/src/**', '**/server/**'],
  }),
);
