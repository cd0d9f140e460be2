import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import { Checkbox, Radio, Text, TextInput, Textarea } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { OTHER } from '../../../contracts/survey';
import type { BoundField } from '../shared/bind-field';
import classes from './survey.module.css';

/**
 * The survey's question shapes. Options are cards: the whole card is the target (at least
 * 52 px high for a thumb), Tab reaches each one and Space or Enter chooses it; in a single
 * choice the arrow keys move between options as in any radio group.
 */

type Described = { label: string; hint?: string; error?: string };

/**
 * A group of cards in error: Mantine describes the group by its sentence but marks nothing
 * invalid, so the first card (where a refused submit puts the focus) carries `aria-invalid`
 * and the sentence as its description.
 */
function useGroupError(error: string | undefined) {
  const errorId = useId();
  return {
    errorProps: { id: errorId },
    firstCard: error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {},
  };
}

export function SingleChoice(
  props: Described & {
    name: string;
    options: readonly string[];
    value: string;
    onChange: (value: string) => void;
    /** Shown under the options while "Other" is chosen. */
    other?: ReactNode;
  },
) {
  const { errorProps, firstCard } = useGroupError(props.error);
  return (
    <div className={classes.question}>
      <Radio.Group
        name={props.name}
        label={props.label}
        description={props.hint}
        error={props.error}
        errorProps={errorProps}
        value={props.value}
        onChange={props.onChange}
      >
        <div className={classes.options}>
          {props.options.map((option, index) => (
            <Radio.Card key={option} value={option} radius="md" className={classes.option} {...(index === 0 ? firstCard : {})}>
              <Radio.Indicator className={classes.indicator} />
              <span>{option}</span>
            </Radio.Card>
          ))}
        </div>
      </Radio.Group>
      {props.value === OTHER ? props.other : null}
    </div>
  );
}

export function MultiChoice(
  props: Described & {
    options: readonly string[];
    value: readonly string[];
    onToggle: (option: string) => void;
    other?: ReactNode;
  },
) {
  const { errorProps, firstCard } = useGroupError(props.error);
  return (
    <div className={classes.question}>
      {/* The group only labels the cards; each card's click is the one place choices change,
          so the machine can keep exclusive answers ("None") on their own. */}
      <Checkbox.Group
        label={props.label}
        description={props.hint ?? 'Choose all that apply.'}
        error={props.error}
        errorProps={errorProps}
        value={[...props.value]}
      >
        <div className={classes.options}>
          {props.options.map((option, index) => (
            <Checkbox.Card
              key={option}
              value={option}
              radius="md"
              className={classes.option}
              onClick={() => props.onToggle(option)}
              {...(index === 0 ? firstCard : {})}
            >
              <Checkbox.Indicator className={classes.indicator} />
              <span>{option}</span>
            </Checkbox.Card>
          ))}
        </div>
      </Checkbox.Group>
      {props.value.includes(OTHER) ? props.other : null}
    </div>
  );
}

/** A typed answer: its label and hint, and the field bound to the machine (`fieldProps`, views/shared/bind-field.ts). */
type TextQuestion = Omit<Described, 'error'> & BoundField & { maxLength: number; placeholder?: string };

export function ShortText(
  props: TextQuestion & {
    type?: 'text' | 'email';
    autoComplete?: string;
  },
) {
  return (
    <TextInput
      className={classes.question}
      label={props.label}
      description={props.hint}
      error={props.error}
      name={props.name}
      type={props.type ?? 'text'}
      inputMode={props.type === 'email' ? 'email' : undefined}
      autoCapitalize={props.type === 'email' ? 'none' : undefined}
      spellCheck={props.type === 'email' ? false : undefined}
      autoComplete={props.autoComplete ?? 'off'}
      placeholder={props.placeholder}
      size="lg"
      maxLength={props.maxLength}
      value={props.value}
      onChange={props.onChange}
    />
  );
}

export function LongText(props: TextQuestion) {
  return (
    <Textarea
      className={classes.question}
      label={props.label}
      description={props.hint}
      error={props.error}
      name={props.name}
      size="lg"
      rows={3}
      maxLength={props.maxLength}
      placeholder={props.placeholder}
      value={props.value}
      onChange={props.onChange}
    />
  );
}

/** A yes/no as one card (the same target as the options above it). */
export function YesNo(props: { label: string; hint?: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const labelId = useId();
  const hintId = useId();
  return (
    <Checkbox.Card
      radius="md"
      className={`${classes.option} ${classes.question}`}
      checked={props.checked}
      // Named by its label alone; the hint is read after it, as a description.
      aria-labelledby={labelId}
      aria-describedby={props.hint ? hintId : undefined}
      onClick={() => props.onChange(!props.checked)}
    >
      <Checkbox.Indicator className={classes.indicator} />
      <span>
        <Text component="span" id={labelId} fw={600} display="block">
          {props.label}
        </Text>
        {props.hint ? (
          <Text component="span" id={hintId} size="sm" c="dimmed" display="block">
            {props.hint}
          </Text>
        ) : null}
      </span>
    </Checkbox.Card>
  );
}
