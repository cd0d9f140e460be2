/** Renders one menu screen with Mantine and a memory router, for the menu's view tests. */
import type { ReactNode } from 'react';
import { fromPromise } from 'xstate';
import type { DeleteCall, LoadCall, MenuListMachine, SaveCall, SaveValues } from '#src/machines/menu/menu-list.machine';
import { provideChecked } from '../../support/contract-double';
import { renderScreenAt } from '../../support/render-screen';

export const renderScreen = (screen: ReactNode, path = '/menu') => renderScreenAt(screen, path);

/**
 * A list screen's machine (`screen`, e.g. toppingsListMachine) over an in-memory table; `fail`
 * names the calls that answer with an error. Each call is checked against the server's contracts
 * by the screen's real calls (tests/support/contract-double.ts).
 */
export function memoryList<Row extends { id: number }, Values, Submit, Save extends SaveValues>(
  screen: MenuListMachine<Row, Values, Submit, Save>,
  rows: Row[],
  fail: { load?: Error; save?: Error; remove?: Error } = {},
) {
  const table = [...rows];
  const calls = { loads: [] as LoadCall[], saves: [] as SaveCall<Save>[], deletes: [] as DeleteCall[] };
  const machine = provideChecked(screen, {
    actors: {
      loadItems: fromPromise<Row[], LoadCall>(async ({ input }) => {
        calls.loads.push(input);
        if (fail.load) throw fail.load;
        return [...table];
      }),
      saveItem: fromPromise<unknown, SaveCall<Save>>(async ({ input }) => {
        calls.saves.push(input);
        if (fail.save) throw fail.save;
        return {};
      }),
      deleteItem: fromPromise<unknown, DeleteCall>(async ({ input }) => {
        calls.deletes.push(input);
        if (fail.remove) throw fail.remove;
        table.splice(
          table.findIndex((row) => row.id === input.id),
          1,
        );
      }),
    },
  });
  return { machine, calls, table };
}
