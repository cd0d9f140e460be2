import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The area rule of docs/architecture.md as a developer meets it: ESLint names the import that
 * reaches into another area's room, in every layer, and lets an area use its own room and shared.
 */
// Only the rule under test runs: the others (import-x/no-cycle follows the imports) would only slow each lint.
const eslint = new ESLint({ ruleFilter: ({ ruleId }) => ruleId === '@typescript-eslint/no-restricted-imports' });

async function complaints(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports').map((message) => message.message);
}

describe('area zones', () => {
  it.each([
    ['src/machines/leads/inbox.machine.ts', "import { menuService } from '../../services/menu/menu';"],
    ['src/services/leads/inbox.ts', "import { api } from '../accounts/auth';"],
    ['src/views/leads/inbox.view.tsx', "import { ToppingsView } from '../menu/toppings.view';"],
    ['server/domain/leads/inbox.ts', "import { listCategories } from '../menu/menu-categories';"],
    ['server/routes/leads/inbox.ts', "import { issueSession } from '../../domain/accounts/sessions';"],
    ['contracts/leads.ts', "import { Category } from './menu';"],
  ])(
    'refuses %s reaching into another area',
    async (filePath, code) => {
      const found = await complaints(filePath, code);
      expect(found.join('\n')).toContain("The leads area imports its own room and shared, never another area's");
    },
    20_000,
  );

  it('refuses a shared room that imports an area', async () => {
    const found = await complaints('server/domain/shared/paging.ts', "import { listCategories } from '../menu/menu-categories';");
    expect(found.join('\n')).toContain('A shared room serves every area and imports none');
  }, 20_000);

  it.each([
    [
      'src/machines/leads/inbox.machine.ts',
      "import { leadsService } from '../../services/leads/messages';\nimport { errorText } from '../../services/shared/error-text';",
    ],
    ['server/routes/leads/inbox.ts', "import { listMessages } from '../../domain/leads/messages';\nimport { scopeOf } from '../../domain/shared/tenancy';"],
    ['contracts/leads.ts', "import { Page } from './shared/lists';"],
  ])(
    'lets %s use its own room and shared',
    async (filePath, code) => {
      expect(await complaints(filePath, code)).toEqual([]);
    },
    20_000,
  );

  it('lets a view name a service type but not run service code', async () => {
    expect(await complaints('src/views/menu/list.view.tsx', "import type { MenuScope } from '../../services/menu/menu-types';")).toEqual([]);
    expect((await complaints('src/views/menu/list.view.tsx', "import { listToppings } from '../../services/menu/menu';")).join('\n')).toContain(
      'Views render machine state',
    );
  }, 20_000);
});
