import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useRef, type ReactNode } from 'react';
import { labelsInError, useFocusAfterRefusal } from '../../components/form-errors';
import { LoadFailed } from '../../components/load-failed';
import type { MenuListEvent, MenuListMachine } from '../../machines/menu/menu-list.machine';
import type { MenuScope } from '../../services/menu/menu-types';
import { EmptyList, Loading, MenuAlert, MenuPage } from './menu-page';
import { RowDelete } from './row-restaurant';
import { SearchBox } from './search-box';
import { useScreen } from '../shared/use-screen';

/** A row of the platform library (a topping, a dressing): named, and whose it is. */
export type LibraryRow = { id: number; name: string; restaurant_id: number | null };

/** What the library screen gives a configuration to show: the list's rows, its open form, and how to change them. */
export interface LibraryRows<Row, Form, Save> {
  rows: Row[];
  editingId: number | null;
  send: (event: MenuListEvent<Form, undefined, Save>) => void;
}
export interface LibraryParts<Row, Form, Save> extends LibraryRows<Row, Form, Save> {
  form: Form;
  errors: Record<string, string>;
}

/** One screen of the platform library: its words, its form's fields and how its rows are shown. */
export interface LibraryScreen<Row extends LibraryRow, Form extends { name: string }, Save extends { name?: string }> {
  machine: MenuListMachine<Row, Form, undefined, Save>;
  /** 'Toppings'; the singular, 'topping', names the form and its buttons. */
  title: string;
  noun: string;
  nameMessage: string;
  /** The form's fields a save can be refused for, in the form's order, with their labels. */
  fields: readonly (readonly [string, string])[];
  /** Dressings: the row being edited is deleted from the form (its chip has no button of its own). */
  deleteInForm: boolean;
  Fields: (parts: LibraryParts<Row, Form, Save>) => ReactNode;
  Rows: (parts: LibraryRows<Row, Form, Save>) => ReactNode;
}

/** Toppings and dressings (spec section 2): search, an add/edit panel, the rows (cards or chips). */
export function LibraryListView<Row extends LibraryRow, Form extends { name: string }, Save extends { name?: string }>({
  screen,
  scope,
  machine = screen.machine,
}: {
  screen: LibraryScreen<Row, Form, Save>;
  scope: MenuScope;
  machine?: MenuListMachine<Row, Form, undefined, Save>;
}) {
  const [state, send, actor] = useMachine(machine, { input: { scope, nameMessage: screen.nameMessage } });
  const { context } = state;
  const rows = context.items;
  // The panel is always open on these screens: a save or Cancel gives the blank form back.
  const { form, editingId } = context;
  const adding = editingId === null;
  // The alert and the form: a refused save sends the focus to the first field in error, else the alert.
  const formArea = useRef<HTMLDivElement>(null);
  const focusAfterRefusal = useFocusAfterRefusal(formArea, !state.hasTag('saving'));
  useScreen(actor, {
    // A save or Cancel gives the blank form back, and the button just pressed is gone or was
    // disabled while saving: the name field takes the focus, ready for the next one, unless the
    // person has already moved elsewhere.
    'form.closed': () =>
      setTimeout(() => {
        const focused = document.activeElement;
        if (focused && focused !== document.body && !formArea.current?.contains(focused)) return;
        formArea.current?.querySelector<HTMLInputElement>('form input[name="name"]')?.focus();
      }),
  });
  const { noun, Fields, Rows } = screen;
  const label = `${adding ? 'Add' : 'Edit'} ${noun}`;

  return (
    <MenuPage title={screen.title} back={{ href: '/menu', label: 'Menu' }}>
      <Stack gap="lg" ref={formArea}>
        {context.error && !state.hasTag('failed') ? (
          <MenuAlert onClose={() => send({ type: 'alert.dismiss' })} fields={labelsInError(context.fields, screen.fields)}>
            {context.error}
          </MenuAlert>
        ) : null}
        <Card
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'lg' }}
          component="form"
          aria-label={label}
          onSubmit={(event) => {
            event.preventDefault();
            focusAfterRefusal();
            send({ type: 'form.submit' });
          }}
        >
          <Stack gap="sm">
            <Text fw={700}>{label}</Text>
            {form ? <Fields rows={rows} form={form} editingId={editingId} errors={context.fields} send={send} /> : null}
            <Group gap="xs" justify="flex-end">
              {!adding ? (
                <>
                  {screen.deleteInForm ? (
                    <RowDelete
                      restaurantId={rows.find((row) => row.id === editingId)?.restaurant_id ?? null}
                      what={form?.name ?? ''}
                      size="sm"
                      onConfirm={() => {
                        send({ type: 'item.delete', id: editingId });
                        send({ type: 'form.close' });
                      }}
                    />
                  ) : null}
                  <Button variant="default" onClick={() => send({ type: 'form.close' })}>
                    Cancel
                  </Button>
                </>
              ) : null}
              <Button type="submit" loading={state.hasTag('saving')} disabled={!state.hasTag('ready')}>
                {adding ? `Add ${noun}` : `Save ${noun}`}
              </Button>
            </Group>
          </Stack>
        </Card>
      </Stack>
      <SearchBox label={`Search ${screen.title.toLowerCase()}`} value={context.search} onSearch={(search) => send({ type: 'list.search', search })} />
      {state.hasTag('loading') && rows.length === 0 ? <Loading label={`Loading ${screen.title.toLowerCase()}`} /> : null}
      {state.hasTag('failed') ? <LoadFailed message={context.error} onRetry={() => send({ type: 'list.reload' })} /> : null}
      {state.hasTag('ready') && rows.length === 0 ? <EmptyList>{`No ${screen.title.toLowerCase()}.`}</EmptyList> : null}
      {/* A reload keeps the last rows on screen instead of flashing a spinner. */}
      {!state.hasTag('failed') && rows.length > 0 ? <Rows rows={rows} editingId={editingId} send={send} /> : null}
    </MenuPage>
  );
}
