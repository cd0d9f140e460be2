import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { Pill, PillsInput } from '@mantine/core';
import { useState, type KeyboardEvent } from 'react';
import { ORDER_TYPES, ZIP_MAX, type OrderType } from '../../../contracts/onboarding';
import type { DeliveryForm } from '../../machines/onboarding/onboarding-forms';
import { ChipChoice, ChipSingle, MinutesRange, Section, Toggle, ToggleAmount, type StepFieldsProps } from './onboarding-fields';
import { DELIVERY_LABELS as LABELS } from './onboarding-labels';

/** Spec section 2: the fulfilment chips, each one of the form's three flags. */
const FULFILMENT = [
  { label: 'Delivery', field: 'has_delivery' },
  { label: 'Pickup', field: 'has_pickup' },
  { label: 'Dine-in', field: 'has_dine_in' },
] as const;

const COVERAGE = [
  { value: 'distance', label: 'Distance' },
  { value: 'zip', label: 'Zip code' },
] as const;

function ZipPills({ zips, send, error }: { zips: string[]; send: StepFieldsProps<DeliveryForm>['send']; error?: string }) {
  const [typed, setTyped] = useState('');
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      // Enter adds the pill; it must not submit the step.
      event.preventDefault();
      send({ type: 'zip.add', value: typed });
      setTyped('');
    } else if (event.key === 'Backspace' && typed === '' && zips.length > 0) {
      send({ type: 'zip.remove', value: zips[zips.length - 1]! });
    }
  }
  return (
    <PillsInput label={LABELS.zip_codes} description="Type a zip code and press Enter." error={error}>
      <Pill.Group>
        {zips.map((zip) => (
          // Mantine hides the remove button from the keyboard and screen readers (Backspace
          // removes the last pill); every pill should be removable by anyone, so it is shown.
          <Pill
            key={zip}
            withRemoveButton
            removeButtonProps={{ 'aria-hidden': false, tabIndex: 0, 'aria-label': `Remove ${zip}` }}
            onRemove={() => send({ type: 'zip.remove', value: zip })}
          >
            {zip}
          </Pill>
        ))}
        <PillsInput.Field
          aria-label="Add a zip code"
          placeholder={zips.length === 0 ? 'e.g. 10001' : undefined}
          maxLength={ZIP_MAX}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
      </Pill.Group>
    </PillsInput>
  );
}

/** Delivery (spec sections 2 and 9). */
export function DeliveryFields({ form, errors, send }: StepFieldsProps<DeliveryForm>) {
  const edit = (patch: Partial<DeliveryForm>) => send({ type: 'field.change', step: 'delivery', patch });
  return (
    <>
      <Section title="How guests get their food">
        <ChipChoice
          legend="Fulfilment"
          options={FULFILMENT.map(({ label }) => label)}
          value={FULFILMENT.filter(({ field }) => form[field]).map(({ label }) => label)}
          onChange={(labels) => edit(Object.fromEntries(FULFILMENT.map(({ label, field }) => [field, labels.includes(label)])))}
        />
        <ChipChoice
          legend={LABELS.order_types}
          options={ORDER_TYPES}
          value={form.order_types}
          error={errors.order_types}
          onChange={(types) => edit({ order_types: ORDER_TYPES.filter((type) => types.includes(type)) as OrderType[] })}
        />
      </Section>
      <Section title="Delivery area">
        <ChipSingle
          legend="Coverage"
          options={COVERAGE}
          value={form.coverage_mode}
          onChange={(mode) => edit({ coverage_mode: mode === 'zip' ? 'zip' : 'distance' })}
        />
        {form.coverage_mode === 'zip' ? <ZipPills zips={form.zip_codes} send={send} error={errors.zip_codes} /> : null}
      </Section>
      <Section title="Time estimates" hint="In minutes, shown to guests when they order.">
        <MinutesRange
          label="Delivery estimate"
          from={form.delivery_eta_from}
          to={form.delivery_eta_to}
          onFrom={(value) => edit({ delivery_eta_from: value })}
          onTo={(value) => edit({ delivery_eta_to: value })}
          fromError={errors.delivery_eta_from}
          toError={errors.delivery_eta_to}
        />
        <MinutesRange
          label="Pickup estimate"
          from={form.pickup_eta_from}
          to={form.pickup_eta_to}
          onFrom={(value) => edit({ pickup_eta_from: value })}
          onTo={(value) => edit({ pickup_eta_to: value })}
          fromError={errors.pickup_eta_from}
          toError={errors.pickup_eta_to}
        />
      </Section>
      <Section title="Fees and minimums">
        <ToggleAmount
          toggleLabel="Apply a delivery fee"
          amountLabel={LABELS.delivery_fee}
          on={form.apply_delivery_fee}
          amount={form.delivery_fee}
          onToggle={(on) => edit({ apply_delivery_fee: on })}
          onAmount={(value) => edit({ delivery_fee: value })}
          error={errors.delivery_fee}
        />
        <ToggleAmount
          toggleLabel="Minimum order"
          amountLabel={LABELS.min_order_amount}
          on={form.min_order_enabled}
          amount={form.min_order_amount}
          onToggle={(on) => edit({ min_order_enabled: on })}
          onAmount={(value) => edit({ min_order_amount: value })}
          error={errors.min_order_amount}
        />
        <ToggleAmount
          toggleLabel="Free delivery over an amount"
          amountLabel={LABELS.free_over_amount}
          on={form.free_over_enabled}
          amount={form.free_over_amount}
          onToggle={(on) => edit({ free_over_enabled: on })}
          onAmount={(value) => edit({ free_over_amount: value })}
          error={errors.free_over_amount}
        />
      </Section>
      <Section title="Drivers">
        <Toggle
          label="Automatically request a platform driver"
          hint="A driver is requested as soon as a delivery order comes in."
          checked={form.auto_request_driver}
          onChange={(on) => edit({ auto_request_driver: on })}
        />
      </Section>
    </>
  );
}
