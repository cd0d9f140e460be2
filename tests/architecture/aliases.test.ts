import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { TEST_ALIAS_ROOTS, testAliases } from '../../vitest.aliases';

/**
 * The test aliases (`#src/…`, `#server/…`, `#contracts/…`, `#tests/…`): TypeScript and Vitest
 * resolve the same four, and an alias is no way around the import rules of docs/architecture.md.
 */
// Only the rule under test runs: the others (import-x/no-cycle follows the imports) would only slow each lint.
const eslint = new ESLint({ ruleFilter: ({ ruleId }) => ruleId === '@typescript-eslint/no-restricted-imports' });

async function complaints(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports').map((message) => message.message);
}

describe('test aliases', () => {
  it('are the same in tsconfig.json and in the Vitest configs', () => {
    const { compilerOptions } = JSON.parse(readFileSync(new URL('../../tsconfig.json', import.meta.url), 'utf8')) as {
      compilerOptions: { paths: Record<string, string[]> };
    };
    expect(compilerOptions.paths).toEqual(Object.fromEntries(TEST_ALIAS_ROOTS.map((root) => [`#${root}/*`, [`./${root}/*`]])));
    for (const [index, root] of TEST_ALIAS_ROOTS.entries()) {
      const alias = testAliases[index]!;
      expect(`#${root}/a/b`.replace(alias.find, alias.replacement)).toBe(new URL(`../../${root}/a/b`, import.meta.url).pathname);
    }
  });

  it.each([
    ['src/views/menu/list.view.tsx', "import { HttpError } from '#server/http-error';", 'Views render machine state'],
    ['src/views/menu/list.view.tsx', "import { listToppings } from '#src/services/menu/menu';", 'Views render machine state'],
    ['src/machines/menu/list.machine.ts', "import { MenuView } from '#src/views/menu/menu.view';", 'Machines are free of React'],
    ['src/services/menu/menu.ts', "import { menuMachine } from '#src/machines/menu/menu.machine';", 'Services know HTTP and contracts only'],
    ['server/domain/menu/menu.ts', "import { App } from '#src/app';", 'The server never imports the web app'],
    ['contracts/menu.ts', "import { buildApp } from '#server/app';", 'Contracts are shared by both ends'],
    ['contracts/leads.ts', "import { Category } from '#contracts/menu';", "The leads area imports its own room and shared, never another area's"],
    ['server/domain/leads/inbox.ts', "import { listCategories } from '#server/domain/menu/menu-categories';", 'The leads area imports its own room and shared'],
    ['src/views/leads/inbox.view.tsx', "import { ToppingsView } from '#src/views/menu/toppings.view';", 'The leads area imports its own room and shared'],
    [
      'server/domain/shared/paging.ts',
      "import { listCategories } from '#server/domain/menu/menu-categories';",
      'A shared room serves every area and imports none',
    ],
  ])(
    '%s: %s is refused as its relative path would be',
    async (filePath, code, rule) => {
      expect((await complaints(filePath, code)).join('\n')).toContain(rule);
    },
    20_000,
  );

  it.each([
    ['src/theme.ts', "import { CURRENCIES } from '#contracts/shared/restaurants';"],
    ['server/routes/leads/inbox.ts', "import { scopeOf } from '#server/domain/shared/tenancy';"],
    ['contracts/leads.ts', "import { Page } from '#contracts/shared/lists';"],
  ])(
    '%s may not use an alias at all (Vite does not know them): %s',
    async (filePath, code) => {
      expect((await complaints(filePath, code)).join('\n')).toContain('aliases are for tests');
    },
    20_000,
  );

  it('lets tests use them', async () => {
    expect(
      await complaints('tests/views/menu/list.view.test.tsx', "import { buildApp } from '#server/app';\nimport { MenuView } from '#src/views/menu/menu.view';"),
    ).toEqual([]);
  }, 20_000);
});
