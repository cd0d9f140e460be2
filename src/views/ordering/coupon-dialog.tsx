import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Alert, Button, Checkbox, Group, Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent, RefObject } from 'react';
import type { CouponKind } from '../../../contracts/ordering/coupons';
import type { Currency } from '../../../contracts/shared/restaurants';
import { FieldsToFix, labelsInError } from '../../components/form-errors';
import { useNarrowerThan } from '../../components/narrow-screen';
import type { CouponField, CouponForm } from '../../machines/ordering/coupon-form';
import { currencySymbol } from '../shared/money-format';

/** The form's fields as a person reads them, in the form's order (the summary names them so). */
export const COUPON_LABELS: Record<CouponField, string> = {
  code: 'Code',
  kind: 'Kind',
  value: 'Takes off',
  min_subtotal: 'Minimum order',
  starts_on: 'First day',
  ends_on: 'Last day',
  max_uses: 'Uses in all',
  max_uses_per_customer: 'Uses per customer',
  first_order_only: 'First order only',
  active: 'Active',
};
const FIELD_ORDER = Object.entries(COUPON_LABELS) as [CouponField, string][];

const KINDS: { value: CouponKind; label: string }[] = [
  { value: 'percent', label: 'A percentage of the order' },
  { value: 'amount', label: 'An amount of money' },
];

/**
 * Create or edit one coupon (issue 43), every field of the contract. The machine holds the form
 * and its refusals; after a refused save the focus goes to the first field in error, else to the
 * alert (the screen does it). On phones the dialog takes the whole screen.
 */
export function CouponDialog(props: {
  opened: boolean;
  /** The saved code of the coupon edited (the title keeps it while the field changes); null for a new one. */
  editingCode: string | null;
  saving: boolean;
  form: CouponForm;
  errors: Partial<Record<CouponField, string>>;
  formError: string | null;
  currency: Currency;
  /** The screen moves the focus inside it after a refused save. */
  formRef: RefObject<HTMLFormElement | null>;
  onChange: (field: CouponField, value: string | boolean) => void;
  onSubmit: () => void;
  onClose: () => void;
}) {
  const { form, errors, onChange } = props;
  const phone = useNarrowerThan('sm');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  const text = (field: CouponField, extra: { description?: string; placeholder?: string; type?: string; inputMode?: 'decimal' | 'numeric' } = {}) => ({
    label: COUPON_LABELS[field],
    value: form[field] as string,
    error: errors[field],
    onChange: (event: { currentTarget: { value: string } }) => onChange(field, event.currentTarget.value),
    ...extra,
  });
  const money = currencySymbol(props.currency);
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.editingCode === null ? 'Create coupon' : `Edit coupon ${props.editingCode}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
      fullScreen={phone}
      size="lg"
    >
      <form ref={props.formRef} noValidate onSubmit={submit}>
        <Stack gap="md">
          {props.formError ? (
            <Alert role="alert" color="red" variant="light" title="The coupon was not saved">
              <Text inherit>{props.formError}</Text>
              <FieldsToFix labels={labelsInError(errors, FIELD_ORDER)} />
            </Alert>
          ) : null}
          <fieldset disabled={props.saving} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
            <Stack gap="md">
              <TextInput {...text('code', { description: 'What customers type at checkout; capitals and spaces do not matter.' })} data-autofocus required />
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <NativeSelect
                  label={COUPON_LABELS.kind}
                  data={KINDS}
                  value={form.kind}
                  error={errors.kind}
                  onChange={(event) => onChange('kind', event.currentTarget.value)}
                />
                <TextInput
                  {...text('value', {
                    inputMode: 'decimal',
                    description: form.kind === 'percent' ? 'A whole percentage, 1 to 100.' : `An amount in ${money}, e.g. 5.00.`,
                  })}
                  required
                />
                <TextInput {...text('min_subtotal', { inputMode: 'decimal', description: `The subtotal it needs, in ${money}; empty for none.` })} />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <TextInput {...text('starts_on', { type: 'date', description: 'Empty: from today.' })} />
                <TextInput {...text('ends_on', { type: 'date', description: 'Empty: no end.' })} />
                <TextInput {...text('max_uses', { inputMode: 'numeric', description: 'Empty for no limit.' })} />
                <TextInput {...text('max_uses_per_customer', { inputMode: 'numeric', description: 'Counted by email; empty for no limit.' })} />
              </SimpleGrid>
              <Checkbox
                label={COUPON_LABELS.first_order_only}
                description="Only a customer's first order with you."
                checked={form.first_order_only}
                error={errors.first_order_only}
                onChange={(event) => onChange('first_order_only', event.currentTarget.checked)}
              />
              <Checkbox
                label={COUPON_LABELS.active}
                description="A paused coupon is refused at checkout."
                checked={form.active}
                error={errors.active}
                onChange={(event) => onChange('active', event.currentTarget.checked)}
              />
            </Stack>
          </fieldset>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={props.onClose} disabled={props.saving}>
              Cancel
            </Button>
            <Button type="submit" loading={props.saving}>
              {props.editingCode === null ? 'Create coupon' : 'Save coupon'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
