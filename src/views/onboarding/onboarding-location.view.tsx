import '@mantine/core/styles/Input.css';
import { NativeSelect, TextInput } from '@mantine/core';
import { useId } from 'react';
import { COUNTRIES, ONBOARDING_MESSAGES, STATE_MAX, ZIP_MAX, type Country } from '../../../contracts/onboarding';
import type { LocationForm } from '../../machines/onboarding/onboarding-forms';
import { FieldError, textField, type StepFieldsProps } from './onboarding-fields';
import { LOCATION_LABELS as LABELS } from './onboarding-labels';
import classes from './onboarding.module.css';

const RULE_FIELDS = ['zip_code', 'city', 'state'] as const;

/** Location (spec sections 2 and 5): country, street, zip, city and state. */
export function LocationFields({ form, errors, send }: StepFieldsProps<LocationForm>) {
  const edit = (patch: Partial<LocationForm>) => send({ type: 'field.change', step: 'location', patch });
  const ruleId = useId();
  // One rule covers three inputs: each empty one is marked and described by the sentence,
  // which is shown once below them. Mantine's own description only follows a text `error`,
  // so the input's aria-describedby is set through its `attributes`.
  const ruleBroken = RULE_FIELDS.some((field) => errors[field] === ONBOARDING_MESSAGES.location);
  const ruleProps = (field: (typeof RULE_FIELDS)[number]) =>
    errors[field] === ONBOARDING_MESSAGES.location ? { error: true, attributes: { input: { 'aria-describedby': ruleId } } } : { error: errors[field] };
  return (
    <>
      <NativeSelect
        label={LABELS.country}
        data={[...COUNTRIES]}
        value={form.country}
        onChange={(event) => edit({ country: event.currentTarget.value as Country })}
        error={errors.country}
      />
      <TextInput label={LABELS.street} autoComplete="street-address" {...textField(form, errors, edit, 'street')} />
      <div className={`${classes.row} ${classes.row3}`}>
        <TextInput
          label={LABELS.zip_code}
          required
          autoComplete="postal-code"
          maxLength={ZIP_MAX}
          {...textField(form, errors, edit, 'zip_code')}
          {...ruleProps('zip_code')}
        />
        <TextInput label={LABELS.city} required autoComplete="address-level2" {...textField(form, errors, edit, 'city')} {...ruleProps('city')} />
        <TextInput
          label={LABELS.state}
          required
          autoComplete="address-level1"
          maxLength={STATE_MAX}
          placeholder="NY"
          {...textField(form, errors, edit, 'state')}
          {...ruleProps('state')}
        />
      </div>
      {ruleBroken ? (
        <FieldError id={ruleId} className={classes.ruleMessage}>
          {ONBOARDING_MESSAGES.location}
        </FieldError>
      ) : null}
    </>
  );
}
