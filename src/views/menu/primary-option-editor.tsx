import { ActionIcon, Button, Card, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { type RefObject, useCallback, useEffect, useRef } from 'react';
import { MENU_MESSAGES } from '../../../contracts/menu';
import { labelsInError, useFocusAfterRefusal } from '../../components/form-errors';
import {
  cleanSelections,
  primaryOptionSetEditorMachine,
  type OptionSetEditorContext,
  type PrimaryOptionSetEditorMachine,
} from '../../machines/menu/primary-option-set-editor.machine';
import type { MenuScope } from '../../services/menu/menu-types';
import { ImagePicker } from './image-picker';
import { LoadFailed } from '../../components/load-failed';
import { fieldProps } from '../shared/bind-field';
import { useScreen } from '../shared/use-screen';
import { Loading, MenuAlert } from './menu-page';

const FIELDS = [
  ['name', 'Set name'],
  ['selections', 'Selections'],
] as const;

/** Spec section 5's one sentence for a refused set, put on the fields it is about. */
function refusedFields(context: OptionSetEditorContext): Partial<Record<'name' | 'selections', string>> {
  if (context.error !== MENU_MESSAGES.optionSet) return {};
  const noSelections = context.setId === null && cleanSelections(context.selections).length === 0;
  return {
    ...(context.name.trim() === '' ? { name: context.error } : {}),
    ...(noSelections ? { selections: context.error } : {}),
  };
}

type FocusRequest = 'new row' | { key: string; move: 'up' | 'down' } | null;

/**
 * Where the keyboard focus goes once the selections have re-rendered (issue 27): the editor's
 * first field when it opens, the new row's name after Add selection, and the moved row's arrow
 * after a move (the other arrow once it reaches an end, where this one is disabled). Without it,
 * a moved or disabled button drops the focus to the page body.
 */
function usePendingFocus(form: RefObject<HTMLFormElement | null>, selections: OptionSetEditorContext['selections']) {
  const pending = useRef<FocusRequest>(null);
  useEffect(() => {
    const request = pending.current;
    pending.current = null;
    const root = form.current;
    if (!request || !root) return;
    if (request === 'new row') {
      [...root.querySelectorAll('[data-selection-key]')].at(-1)?.querySelector<HTMLInputElement>('input')?.focus();
      return;
    }
    const row = root.querySelector(`[data-selection-key="${CSS.escape(request.key)}"]`);
    const other = request.move === 'up' ? 'down' : 'up';
    const target = [request.move, other]
      .map((move) => row?.querySelector<HTMLButtonElement>(`[data-move="${move}"]`))
      .find((button) => button && !button.disabled);
    target?.focus();
  }, [form, selections]);
  // The form is on the page only once the set is read: as it arrives, its first field takes the focus.
  const attach = useCallback(
    (node: HTMLFormElement | null) => {
      form.current = node;
      node?.querySelector<HTMLInputElement>('input')?.focus();
    },
    [form],
  );
  return { pending, attach };
}

/** The primary option set editor (spec section 2): name, two toggles, ordered selections with images. */
export function PrimaryOptionEditor(props: {
  setId: number | null;
  scope: MenuScope;
  onDone: (saved: boolean) => void;
  machine?: PrimaryOptionSetEditorMachine;
}) {
  const [state, send, actor] = useMachine(props.machine ?? primaryOptionSetEditorMachine, { input: { setId: props.setId, scope: props.scope } });
  const { context } = state;
  const { onDone } = props;
  useScreen(actor, { 'set.saved': () => onDone(true) });
  const form = useRef<HTMLFormElement>(null);
  const focusAfterRefusal = useFocusAfterRefusal(form, !state.hasTag('saving'));
  const { pending: pendingFocus, attach } = usePendingFocus(form, context.selections);

  if (state.hasTag('loading')) return <Loading label="Loading option set" />;
  if (state.hasTag('failed')) return <LoadFailed message={context.error} onRetry={() => send({ type: 'set.reload' })} />;
  const last = context.selections.length - 1;
  const errors = refusedFields(context);
  return (
    <Card
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="form"
      ref={attach}
      aria-label={props.setId === null ? 'New primary option' : 'Edit primary option'}
      onSubmit={(event) => {
        event.preventDefault();
        focusAfterRefusal();
        send({ type: 'set.save' });
      }}
    >
      <Stack gap="md">
        <Text fw={700}>{props.setId === null ? 'New primary option' : 'Edit primary option'}</Text>
        {context.error ? <MenuAlert fields={labelsInError(errors, FIELDS)}>{context.error}</MenuAlert> : null}
        <TextInput label="Set name" {...fieldProps('name', context.name, errors.name, (value) => send({ type: 'name.change', value }))} />
        <Switch
          label="Prevent restaurants from making changes"
          checked={context.preventChanges}
          onChange={(event) => send({ type: 'flag.change', flag: 'preventChanges', value: event.currentTarget.checked })}
        />
        <Switch
          label="Add images to selections"
          checked={context.allowImages}
          onChange={(event) => send({ type: 'flag.change', flag: 'allowImages', value: event.currentTarget.checked })}
        />
        <Stack gap="xs" role="list" aria-label="Selections">
          {context.selections.map((row, index) => (
            <Group key={row.key} gap={6} wrap="wrap" role="listitem" align="center" data-selection-key={row.key}>
              <TextInput
                aria-label={`Selection ${index + 1}`}
                style={{ flex: '1 1 160px' }}
                value={row.name}
                // With no selection to save, the first row carries the refusal.
                error={index === 0 ? errors.selections : undefined}
                onChange={(event) => send({ type: 'selection.change', key: row.key, name: event.currentTarget.value })}
              />
              <Group gap={4} wrap="nowrap">
                {context.allowImages ? (
                  <ImagePicker name={row.name} url={row.image_url} onPick={(url) => send({ type: 'selection.image', key: row.key, url })} />
                ) : null}
                <ActionIcon
                  variant="default"
                  size="lg"
                  disabled={index === 0}
                  aria-label={`Move ${row.name || 'selection'} up`}
                  data-move="up"
                  onClick={() => {
                    pendingFocus.current = { key: row.key, move: 'up' };
                    send({ type: 'selection.move', key: row.key, by: -1 });
                  }}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  size="lg"
                  disabled={index === last}
                  aria-label={`Move ${row.name || 'selection'} down`}
                  data-move="down"
                  onClick={() => {
                    pendingFocus.current = { key: row.key, move: 'down' };
                    send({ type: 'selection.move', key: row.key, by: 1 });
                  }}
                >
                  ↓
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Delete ${row.name || 'selection'}`}
                  onClick={() => send({ type: 'selection.remove', key: row.key })}
                >
                  ×
                </ActionIcon>
              </Group>
            </Group>
          ))}
        </Stack>
        <Button
          variant="light"
          size="xs"
          w="fit-content"
          onClick={() => {
            pendingFocus.current = 'new row';
            send({ type: 'selection.add' });
          }}
        >
          Add selection
        </Button>
        <Group gap="xs" justify="flex-end">
          <Button variant="default" onClick={() => onDone(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={state.hasTag('saving')}>
            Save
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
