import { Button, Card, Group, Image, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useRef, type CSSProperties } from 'react';
import type { MenuItem } from '../../../contracts/menu';
import { labelsInError, useFocusAfterRefusal } from '../../components/form-errors';
import type { SizeRow } from '../../machines/menu/category-editor.rows';
import { LIST_NAME_MESSAGES, menuItemsListMachine, type MenuItemForm, type MenuItemsListMachine, type PriceText } from '../../machines/menu/menu-lists';
import type { MenuScope } from '../../services/menu/menu-types';
import { LoadFailed } from '../../components/load-failed';
import { ConfirmDelete, Loading, MenuAlert } from './menu-page';
import { fieldProps } from '../shared/bind-field';
import { formatMoney } from '../shared/money-format';
import { useCurrency } from './money';
import { PriceInput } from './price-input';
import { SoldOutControl } from '../shared/sold-out-control';

/** The dish form's fields a save can be refused for, in the form's order, with their labels. */
const FIELDS = [
  ['name', 'Item name'],
  ['description', 'Item description'],
  ['price', 'Price'],
  ['image_url', 'Item image URL'],
] as const;
type FieldErrors = Partial<Record<(typeof FIELDS)[number][0], string>>;

/**
 * What a missing price says (issue 27): the dish is not offered (in that size), never free.
 * The form's warnings also say how to offer it free, since 0 is then what the owner means.
 */
export const NOT_OFFERED = {
  sizeWarning: 'Not offered in this size. Enter 0 to offer it free.',
  dishWarning: 'No price: not offered until it has one. Enter 0 to offer it free.',
  placeholder: 'Not offered',
  /** After a size's name in a dish's price line: "Large not offered". */
  inSize: 'not offered',
  inAnySize: 'Not offered in any size yet',
  dish: 'No price: not offered',
} as const;

/** A price field that, while blank, warns that the dish is not offered (in that size) rather than free. */
function OfferedPrice({
  warning,
  value,
  ...props
}: {
  label: string;
  warning: string;
  value: PriceText;
  error?: string;
  style?: CSSProperties;
  onChange: (value: PriceText) => void;
}) {
  // The warning goes under the field, so the price fields of a row stay level while one warns.
  return (
    <PriceInput
      {...props}
      value={value}
      placeholder={NOT_OFFERED.placeholder}
      description={value === '' ? warning : undefined}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}

/** The dish form: one price, or one per saved size when the category is priced by size. */
function ItemForm(props: {
  form: MenuItemForm;
  isNew: boolean;
  errors: FieldErrors;
  sizes: SizeRow[];
  bySize: boolean;
  busy: boolean;
  onChange: <K extends keyof MenuItemForm>(field: K, value: MenuItemForm[K]) => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  const { form, errors, onChange } = props;
  const text = (field: 'name' | 'description' | 'image_url') => fieldProps(field, form[field], errors[field], (value) => onChange(field, value));
  return (
    <Card
      withBorder
      radius="md"
      p="md"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSave();
      }}
      aria-label={props.isNew ? 'New menu item' : `Edit ${form.name}`}
    >
      <Stack gap="sm">
        <TextInput label="Item name" {...text('name')} />
        <Textarea label="Item description" rows={3} {...text('description')} />
        {props.bySize ? (
          <Group gap="xs" wrap="wrap" align="flex-start">
            {props.sizes.map((size) => (
              <OfferedPrice
                key={size.key}
                label={`Price ${size.name}`}
                warning={NOT_OFFERED.sizeWarning}
                style={{ flex: '1 1 140px' }}
                value={form.prices[size.id!] ?? ''}
                onChange={(value) => onChange('prices', { ...form.prices, [size.id!]: value })}
              />
            ))}
          </Group>
        ) : (
          <OfferedPrice
            label="Price"
            warning={NOT_OFFERED.dishWarning}
            value={form.price}
            error={errors.price}
            onChange={(value) => onChange('price', value)}
          />
        )}
        <TextInput label="Item image URL" {...text('image_url')} />
        <Group gap="xs" justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={props.busy}>
            Save item
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** A category's dishes (issue 6): name, description, price or per-size prices, image, available. */
export function MenuItemsList(props: { categoryId: number; scope: MenuScope; sizes: SizeRow[]; bySize: boolean; machine?: MenuItemsListMachine }) {
  const [state, send] = useMachine(props.machine ?? menuItemsListMachine, {
    input: { scope: props.scope, ownerId: props.categoryId, nameMessage: LIST_NAME_MESSAGES.menuItems },
  });
  const { context } = state;
  const { form } = context;
  const currency = useCurrency();
  const money = (value: number) => formatMoney(value, currency);
  const items = context.items;
  const savedSizes = props.sizes.filter((size) => size.id !== null && size.status !== 'deleting');
  // Each saved size with its price or "not offered"; a removed size's prices went with it on the server.
  const priceLine = (item: MenuItem): string => {
    if (!props.bySize) return item.price === null ? NOT_OFFERED.dish : money(item.price);
    const bySize = new Map(item.prices.map((one) => [one.size_id, one.price]));
    if (!savedSizes.some((size) => bySize.has(size.id!))) return NOT_OFFERED.inAnySize;
    return savedSizes
      .map((size) => {
        const price = bySize.get(size.id!);
        return `${size.name} ${price === undefined ? NOT_OFFERED.inSize : money(price)}`;
      })
      .join(' · ');
  };

  // The alert and the form: a refused save sends the focus to the first field in error, else the alert.
  const formArea = useRef<HTMLDivElement>(null);
  const focusAfterRefusal = useFocusAfterRefusal(formArea, !state.hasTag('saving'));

  function save() {
    focusAfterRefusal();
    // The machine builds the body: a price per saved size (a blank one left out), or the one price.
    send({ type: 'form.submit', submit: { sizeIds: props.bySize ? savedSizes.map((size) => size.id!) : null } });
  }
  return (
    <Stack gap="sm" ref={formArea}>
      {context.error && !state.hasTag('failed') ? (
        <MenuAlert onClose={() => send({ type: 'alert.dismiss' })} fields={form ? labelsInError(context.fields, FIELDS) : []}>
          {context.error}
        </MenuAlert>
      ) : null}
      {state.hasTag('loading') && items.length === 0 ? <Loading label="Loading menu items" /> : null}
      {state.hasTag('failed') ? <LoadFailed message={context.error} onRetry={() => send({ type: 'list.reload' })} /> : null}
      {/* A reload (after a save or the Available switch) keeps the dishes on screen. */}
      {!state.hasTag('failed') && !(state.hasTag('loading') && items.length === 0) ? (
        <>
          {items.length === 0 ? (
            <Text size="sm" c="dimmed">
              No menu items yet.
            </Text>
          ) : null}
          {items.map((item) => (
            <Card key={item.id} withBorder radius="md" p="sm" component="article" aria-label={item.name}>
              <Group gap="sm" wrap="nowrap" align="flex-start">
                {item.image_url ? <Image src={item.image_url} alt="" w={56} h={56} radius="sm" fit="cover" /> : null}
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600}>{item.name}</Text>
                  {item.description ? (
                    <Text size="sm" c="dimmed" lineClamp={2}>
                      {item.description}
                    </Text>
                  ) : null}
                  <Text size="sm">{priceLine(item)}</Text>
                </Stack>
                <Stack gap={4} align="flex-end">
                  <Switch
                    label="Available"
                    aria-label={`Available: ${item.name}`}
                    checked={item.available}
                    onChange={(event) => send({ type: 'item.save', id: item.id, values: { available: event.currentTarget.checked } })}
                  />
                  <SoldOutControl target="item" id={item.id} name={item.name} until={item.sold_out_until} />
                  <Group gap={4} wrap="nowrap">
                    <Button size="xs" variant="subtle" onClick={() => send({ type: 'form.edit', id: item.id })} aria-label={`Edit ${item.name}`}>
                      Edit
                    </Button>
                    <ConfirmDelete what={item.name} onConfirm={() => send({ type: 'item.delete', id: item.id })} />
                  </Group>
                </Stack>
              </Group>
            </Card>
          ))}
          {form ? (
            <ItemForm
              form={form}
              isNew={context.editingId === null}
              errors={context.fields}
              sizes={savedSizes}
              bySize={props.bySize}
              busy={state.hasTag('saving')}
              onChange={(field, value) => send({ type: 'field.change', field, value })}
              onSave={save}
              onCancel={() => send({ type: 'form.close' })}
            />
          ) : (
            <Button variant="light" size="sm" w="fit-content" onClick={() => send({ type: 'form.new' })}>
              Add menu item
            </Button>
          )}
        </>
      ) : null}
    </Stack>
  );
}
