import '@mantine/core/styles/Chip.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Chip, Input, NumberInput, Switch, Text, Title } from '@mantine/core';
import { createContext, useContext, useId, type ReactNode } from 'react';
import type { Amount } from '../../machines/onboarding/onboarding-forms';
import type { FieldsEvent } from '../../machines/onboarding/onboarding-edits';
import { fieldProps, type BoundField } from '../shared/bind-field';
import classes from './onboarding.module.css';

/** What every step view is given: its form, the sentences next to its inputs and the way to edit. */
export type StepFieldsProps<F> = {
  form: F;
  errors: Record<string, string>;
  send: (event: FieldsEvent) => void;
};

/**
 * Binds one text field of a step's form (docs/architecture.md, "Screens: one way from machine to
 * view"): its value and its error from the machine's context, and a keystroke back as the step's
 * `field.change` patch, through `edit`.
 *
 *   <TextInput label="City" {...textField(form, errors, edit, 'city')} />
 */
export function textField<K extends string, F extends Record<K, string>>(
  form: F,
  errors: Record<string, string>,
  edit: (patch: Partial<Record<K, string>>) => void,
  name: K,
): BoundField {
  return fieldProps(name, form[name], errors[name], (value) => {
    const patch: Partial<Record<K, string>> = {};
    patch[name] = value;
    edit(patch);
  });
}

/**
 * The level of the fields' own section headings: 2 under an onboarding step's h1; 3 in the Store
 * screen, where each step is itself a section under an h2.
 */
export const FieldsHeadingLevel = createContext<2 | 3>(2);

/** A titled group of fields; every section after the first is set off by a rule. */
export function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const id = useId();
  const level = useContext(FieldsHeadingLevel);
  return (
    <section className={classes.section} aria-labelledby={id}>
      <div>
        <Title order={level} id={id} className={classes.sectionTitle}>
          {title}
        </Title>
        {hint ? (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/**
 * The sentence under a field or group the Mantine inputs do not place themselves (a chip group,
 * a day of hours, one rule over three inputs); the controls it belongs to point at its id.
 */
export function FieldError({ id, children, className }: { id: string; children: ReactNode; className?: string }) {
  return (
    <Input.Error id={id} size="md" className={className ?? classes.fieldError}>
      {children}
    </Input.Error>
  );
}

/**
 * What a control in error carries by hand when Mantine does not do it (WCAG 3.3.1): `aria-invalid`,
 * and the sentence as its description, so a screen reader says both when the focus lands on it.
 */
export function invalidControl(error: string | undefined, errorId: string) {
  return error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
}

/**
 * Chips under a legend: a native fieldset, so the group has a name and Tab/Space work as usual.
 * In error, the group is described by the sentence and its first chip, where a refused Next puts
 * the focus, is marked invalid.
 */
export function ChipChoice(props: {
  legend: string;
  options: readonly string[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string;
}) {
  const errorId = useId();
  return (
    <fieldset className={classes.group} aria-describedby={props.error ? errorId : undefined}>
      <legend className={classes.legend}>{props.legend}</legend>
      <Chip.Group multiple value={[...props.value]} onChange={props.onChange}>
        <div className={classes.chips}>
          {props.options.map((option, index) => (
            <Chip key={option} value={option} size="md" variant="outline" {...(index === 0 ? invalidControl(props.error, errorId) : {})}>
              {option}
            </Chip>
          ))}
        </div>
      </Chip.Group>
      {props.error ? <FieldError id={errorId}>{props.error}</FieldError> : null}
    </fieldset>
  );
}

/** One choice among a few, as chips (spec: the coverage chips). */
export function ChipSingle(props: { legend: string; options: readonly { value: string; label: string }[]; value: string; onChange: (value: string) => void }) {
  return (
    <fieldset className={classes.group}>
      <legend className={classes.legend}>{props.legend}</legend>
      <Chip.Group value={props.value} onChange={props.onChange}>
        <div className={classes.chips}>
          {props.options.map((option) => (
            <Chip key={option.value} value={option.value} size="md" variant="outline">
              {option.label}
            </Chip>
          ))}
        </div>
      </Chip.Group>
    </fieldset>
  );
}

/**
 * A switch with an optional hint under it. The hint is tied with aria-describedby rather than
 * put inside the label (as Mantine's `description` is), so the switch's name stays short.
 */
export function Toggle(props: { label: string; hint?: string; checked: boolean; disabled?: boolean; onChange: (on: boolean) => void }) {
  const hintId = useId();
  return (
    <div>
      <Switch
        size="md"
        label={props.label}
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={props.hint ? hintId : undefined}
        onChange={(event) => props.onChange(event.currentTarget.checked)}
      />
      {props.hint ? (
        <Text id={hintId} size="sm" c="dimmed" className={classes.toggleHint}>
          {props.hint}
        </Text>
      ) : null}
    </div>
  );
}

/** Spec section 5: numbers are coerced to numbers; a cleared input stays empty until saved as 0. */
const toAmount = (value: string | number): Amount => (typeof value === 'number' ? value : value.trim() === '' ? '' : Number(value) || 0);

/** A toggle and the amount it switches on (delivery fee, minimum order, free delivery over). */
export function ToggleAmount(props: {
  toggleLabel: string;
  amountLabel: string;
  on: boolean;
  amount: Amount;
  onToggle: (on: boolean) => void;
  onAmount: (amount: Amount) => void;
  error?: string;
}) {
  return (
    <div className={classes.toggleAmount}>
      <Toggle label={props.toggleLabel} checked={props.on} onChange={props.onToggle} />
      <NumberInput
        label={props.amountLabel}
        value={props.amount}
        onChange={(value) => props.onAmount(toAmount(value))}
        disabled={!props.on}
        min={0}
        decimalScale={2}
        fixedDecimalScale
        thousandSeparator=","
        leftSection="$"
        error={props.error}
        hideControls
      />
    </div>
  );
}

/** A "from – to" range of whole minutes (the delivery and pickup estimates); each end shows its own error. */
export function MinutesRange(props: {
  label: string;
  from: Amount;
  to: Amount;
  onFrom: (value: Amount) => void;
  onTo: (value: Amount) => void;
  fromError?: string;
  toError?: string;
}) {
  return (
    <fieldset className={classes.group}>
      <legend className={classes.legend}>{props.label}</legend>
      <div className={classes.range}>
        <NumberInput
          label="From"
          aria-label={`${props.label} from (minutes)`}
          value={props.from}
          onChange={(value) => props.onFrom(toAmount(value))}
          min={0}
          allowDecimal={false}
          rightSection="min"
          rightSectionWidth={44}
          error={props.fromError}
        />
        <span className={classes.rangeDash} aria-hidden="true">
          –
        </span>
        <NumberInput
          label="To"
          aria-label={`${props.label} to (minutes)`}
          value={props.to}
          onChange={(value) => props.onTo(toAmount(value))}
          min={0}
          allowDecimal={false}
          rightSection="min"
          rightSectionWidth={44}
          error={props.toError}
        />
      </div>
    </fieldset>
  );
}
