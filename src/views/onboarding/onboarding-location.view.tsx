import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import { NativeSelect, Text, TextInput } from '@mantine/core';
import { COUNTRIES, ONBOARDING_MESSAGES, STATE_MAX, ZIP_MAX, type Country } from '../../../contracts/onboarding';
import type { LocationForm } from '../../machines/onboarding/onboarding-forms';
import type { StepFieldsProps } from './onboarding-fields';
import classes from './onboarding.module.css';

const RULE_FIELDS = ['zip_code', 'city', 'state'] as const;

/** Location (spec sections 2 and 5): country, street, zip, city and state. */
export function LocationFields({ form, errors, send }: StepFieldsProps<LocationForm>) {
  const edit = (patch: Partial<LocationForm>) => send({ type: 'field.change', step: 'location', patch });
  // One rule covers three inputs: each empty one is marked, the sentence is said once below.
  const ruleBroken = RULE_FIELDS.some((field) => errors[field] === ONBOARDING_MESSAGES.location);
  const errorOf = (field: (typeof RULE_FIELDS)[number]) =>
    (errors[field] === ONBOARDING_MESSAGES.location ? true : errors[field]);
  return (
    <>
      <NativeSelect
        label="Country"
        data={[...COUNTRIES]}
        value={form.country}
        onChange={(event) => edit({ country: event.currentTarget.value as Country })}
        error={errors.country}
      />
      <TextInput
        label="Street address"
        autoComplete="street-address"
        value={form.street}
        onChange={(event) => edit({ street: event.currentTarget.value })}
        error={errors.street}
      />
      <div className={`${classes.row} ${classes.row3}`}>
        <TextInput
          label="Zip code"
          required
          autoComplete="postal-code"
          maxLength={ZIP_MAX}
          value={form.zip_code}
          onChange={(event) => edit({ zip_code: event.currentTarget.value })}
          error={errorOf('zip_code')}
        />
        <TextInput
          label="City"
          required
          autoComplete="address-level2"
          value={form.city}
          onChange={(event) => edit({ city: event.currentTarget.value })}
          error={errorOf('city')}
        />
        <TextInput
          label="State"
          required
          autoComplete="address-level1"
          maxLength={STATE_MAX}
          placeholder="NY"
          value={form.state}
          onChange={(event) => edit({ state: event.currentTarget.value })}
          error={errorOf('state')}
        />
      </div>
      {ruleBroken ? (
        <Text role="alert" c="red.8" size="sm" className={classes.ruleMessage}>
          {ONBOARDING_MESSAGES.location}
        </Text>
      ) : null}
    </>
  );
}
