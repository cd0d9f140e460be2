import { Button, Group, MultiSelect, SegmentedControl, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useRef } from 'react';
import { useLocation } from 'wouter';
import type { PricedBy } from '../../../contracts/menu';
import { useFocusAfterRefusal } from '../../components/form-errors';
import { ImageDropzone } from '../../components/image-dropzone';
import { categoryEditorMachine, type CategoryEditorMachine } from '../../machines/menu/category-editor.machine';
import type { TextField } from '../../machines/menu/category-editor.context';
import type { GroupRow, SelectionRow, SizeRow } from '../../machines/menu/category-editor.rows';
import { MENU_ALERTS } from '../../machines/menu/menu-errors';
import type { MenuItemsListMachine } from '../../machines/menu/menu-lists';
import type { MenuScope } from '../../services/menu/menu-types';
import { AssignmentChips } from './assignment-chips';
import { ExtraGroupsPanel } from './extra-groups-panel';
import { MenuItemsList } from './menu-items-list';
import { LoadFailed } from '../../components/load-failed';
import { Loading, MenuAlert, MenuPage } from './menu-page';
import { CurrencyProvider } from './money';
import { SizeOfferings } from './size-offerings';
import { useSession } from '../shared/session-context';
import { fieldProps } from '../shared/bind-field';
import { useScreen } from '../shared/use-screen';
import { FormSection } from '../../components/form-section';

export const NEW_MODE_GROUPS_NOTE = 'Save the category first, then you can add extra option groups.';
/** Spec section 9: the multi-select shows at most 8 rows; Mantine's options are 36 px tall at size sm. */
const OPTION_ROWS = 8;
const OPTION_ROW_PX = 36;

const PRICING: { value: PricedBy; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'weight', label: 'Weight' },
  { value: 'size', label: 'Size' },
];

/** Spec section 2: the editor's state for a category that does not exist (or is not this restaurant's). */
export function CategoryNotFound() {
  return (
    <MenuPage title="Categories" back={{ href: '/menu/categories', label: 'Categories' }}>
      <MenuAlert>{MENU_ALERTS.categoryNotFound}</MenuAlert>
    </MenuPage>
  );
}

/**
 * Another restaurant's category, opened by link while working on one (issue 27): whose it is,
 * and a switch to that restaurant, after which the editor opens it as theirs (the menu screens
 * are keyed by the restaurant worked on).
 */
function OtherRestaurantCategory({ restaurant }: { restaurant: { id: number; name: string | null } }) {
  const { chooseRestaurant, choosing, chooseError } = useSession();
  const name = restaurant.name?.trim() || `Restaurant #${restaurant.id}`;
  return (
    <MenuPage title="Categories" back={{ href: '/menu/categories', label: 'Categories' }}>
      <Stack gap="sm" align="flex-start">
        <Text>This category belongs to {name}, not to the restaurant you work on.</Text>
        <Button onClick={() => chooseRestaurant(restaurant.id)} loading={choosing}>
          Switch to {name}
        </Button>
        {chooseError ? <MenuAlert>{chooseError}</MenuAlert> : null}
      </Stack>
    </MenuPage>
  );
}

export interface CategoryEditorViewProps {
  categoryId: number | null;
  scope: MenuScope;
  machine?: CategoryEditorMachine;
  itemsMachine?: MenuItemsListMachine;
}

/** The category editor (spec section 2): new mode keeps all local until Save; edit mode saves each change. */
export function CategoryEditorView({ categoryId, scope, machine = categoryEditorMachine, itemsMachine }: CategoryEditorViewProps) {
  const [state, send, actor] = useMachine(machine, { input: { categoryId, scope } });
  const [, navigate] = useLocation();
  const { context } = state;
  const { form } = context;
  const isNew = context.mode === 'new';
  const saving = state.hasTag('saving');
  // A refused Save sends the focus to the name when it is blank, else to the alert.
  const editor = useRef<HTMLDivElement>(null);
  const focusAfterRefusal = useFocusAfterRefusal(editor, !saving);

  // Spec section 4: the machine says when the person leaves (to the list, or to the new category).
  useScreen(actor, { 'screen.navigate': ({ to, replace }) => navigate(to, { replace }) });

  const back = { href: '/menu/categories', label: 'Categories' };
  if (state.hasTag('loading')) {
    return (
      <MenuPage title={isNew ? 'Add new category' : 'Categories'} back={back}>
        <Loading label="Loading category" />
      </MenuPage>
    );
  }
  if (state.hasTag('notFound')) return <CategoryNotFound />;
  if (state.hasTag('otherRestaurant') && context.restaurant) return <OtherRestaurantCategory restaurant={context.restaurant} />;
  if (state.hasTag('failed')) {
    return (
      <MenuPage title="Categories" back={back}>
        <LoadFailed message={context.error} onRetry={() => send({ type: 'load.retry' })} />
      </MenuPage>
    );
  }

  const uploading = state.hasTag('uploading');
  const sizes = context.rows.filter((row): row is SizeRow => row.table === 'size');
  const groups = context.rows.filter((row): row is GroupRow => row.table === 'group');
  const selections = context.rows.filter((row): row is SelectionRow => row.table === 'selection');
  const toppingChips = context.chips.filter((chip) => chip.list === 'toppings');
  const dressingChips = context.chips.filter((chip) => chip.list === 'dressings');
  const setOptions = context.optionSets.map((set) => ({ value: String(set.id), label: set.name }));
  const title = isNew ? 'Add new category' : `Categories › ${form.name.trim() || 'Untitled'}`;
  // The tab keeps the name as read: a title that followed the typing would pull the focus to the heading.
  const documentTitle = isNew ? title : `Categories › ${context.savedName || 'Untitled'}`;
  const saveField = (field: TextField) => send({ type: 'field.save', field });
  const text = (field: TextField, error?: string) => fieldProps(field, form[field], error, (value) => send({ type: 'field.change', field, value }));

  return (
    <CurrencyProvider value={context.currency}>
      <MenuPage
        ref={editor}
        title={title}
        documentTitle={documentTitle}
        back={back}
        actions={
          <Button
            onClick={() => {
              focusAfterRefusal();
              send({ type: 'category.save' });
            }}
            loading={saving}
          >
            Save
          </Button>
        }
      >
        {context.error || context.nameError ? (
          <MenuAlert onClose={context.error ? () => send({ type: 'alert.dismiss' }) : undefined} fields={context.nameError ? ['Name'] : []}>
            {context.error}
          </MenuAlert>
        ) : null}
        <FormSection title="Details">
          <TextInput label="Name" required {...text('name', context.nameError ?? undefined)} onBlur={() => saveField('name')} />
          <Textarea
            label="Description"
            // Not autosize: a fixed height keeps the page from jumping while typing.
            rows={3}
            {...text('description')}
            onBlur={() => saveField('description')}
          />
          <Stack gap={6}>
            <MultiSelect
              label="Primary options"
              placeholder={form.primaryOptionSets.length === 0 ? 'Pick option sets' : undefined}
              data={setOptions}
              value={form.primaryOptionSets.map(String)}
              searchable
              maxDropdownHeight={OPTION_ROWS * OPTION_ROW_PX}
              nothingFoundMessage="No option sets"
              onChange={(values) => send({ type: 'detail.change', patch: { primaryOptionSets: values.map(Number) } })}
            />
            <Group gap="xs">
              <Button
                size="xs"
                variant="subtle"
                disabled={setOptions.length === 0}
                onClick={() => send({ type: 'detail.change', patch: { primaryOptionSets: context.optionSets.map((set) => set.id) } })}
              >
                Select all
              </Button>
              <Button
                size="xs"
                variant="subtle"
                disabled={form.primaryOptionSets.length === 0}
                onClick={() => send({ type: 'detail.change', patch: { primaryOptionSets: [] } })}
              >
                Clear
              </Button>
            </Group>
          </Stack>
        </FormSection>

        <FormSection title="Hero image">
          <TextInput label="Image URL" {...text('imageUrl')} onBlur={() => saveField('imageUrl')} />
          {/* Sent as soon as it is picked: the uploaded file's address lands in the field above. */}
          <ImageDropzone
            label="Hero image"
            currentUrl={form.imageUrl.trim() || null}
            file={null}
            onFileChange={(file) => {
              if (file) send({ type: 'image.upload', file });
            }}
            loading={uploading}
            note="Uploads are fitted within 1600 × 1200 pixels."
          />
        </FormSection>

        <FormSection title="Pricing">
          <Stack gap={6}>
            <Text size="sm" fw={500} id="pricing-basis">
              Pricing basis
            </Text>
            <SegmentedControl
              aria-labelledby="pricing-basis"
              data={PRICING}
              value={form.pricedBy}
              onChange={(value) => send({ type: 'detail.change', patch: { pricedBy: value as PricedBy } })}
              w="fit-content"
            />
          </Stack>
          {form.pricedBy === 'size' ? (
            <SizeOfferings
              rows={sizes}
              send={send}
              errors={context.rowErrors}
              removal={state.hasTag('confirmingRemoval') ? context.sizeRemoval : null}
              checking={state.hasTag('countingRemoval') ? (context.sizeRemoval?.key ?? null) : null}
            />
          ) : null}
        </FormSection>

        <FormSection title="Toppings and dressings">
          <Switch
            label="Assign toppings"
            checked={form.allowToppings}
            onChange={(event) => send({ type: 'detail.change', patch: { allowToppings: event.currentTarget.checked } })}
          />
          {form.allowToppings ? (
            <AssignmentChips label="Toppings" items={context.toppings} chips={toppingChips} onToggle={(id) => send({ type: 'topping.toggle', id })} />
          ) : null}
          <Switch
            label="Assign dressings"
            checked={form.allowDressings}
            onChange={(event) => send({ type: 'detail.change', patch: { allowDressings: event.currentTarget.checked } })}
          />
          {form.allowDressings ? (
            <AssignmentChips label="Dressings" items={context.dressings} chips={dressingChips} onToggle={(id) => send({ type: 'dressing.toggle', id })} />
          ) : null}
        </FormSection>

        <FormSection title="Extra option groups">
          {isNew ? (
            <Text size="sm" c="dimmed">
              {NEW_MODE_GROUPS_NOTE}
            </Text>
          ) : (
            <ExtraGroupsPanel groups={groups} selections={selections} send={send} errors={context.rowErrors} />
          )}
        </FormSection>

        {!isNew && context.categoryId !== null ? (
          <FormSection title="Menu items">
            <MenuItemsList categoryId={context.categoryId} scope={scope} sizes={sizes} bySize={form.pricedBy === 'size'} machine={itemsMachine} />
          </FormSection>
        ) : null}
      </MenuPage>
    </CurrencyProvider>
  );
}
