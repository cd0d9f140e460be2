import { ADDITIONAL_GROUPS, ADDITIONAL_GROUP_NAMES } from '../../../contracts/onboarding';
import type { AdditionalForm } from '../../machines/onboarding/onboarding-forms';
import { ChipChoice, type StepFieldsProps } from './onboarding-fields';

/** Additional (spec section 3): per group, chips that can be multi-selected. */
export function AdditionalFields({ form, errors, send }: StepFieldsProps<AdditionalForm>) {
  return (
    <>
      {ADDITIONAL_GROUP_NAMES.map((group) => (
        <ChipChoice
          key={group}
          legend={ADDITIONAL_GROUPS[group].title}
          options={ADDITIONAL_GROUPS[group].labels}
          value={form.selections[group]}
          error={errors[`selections.${group}`]}
          onChange={(labels) => send({ type: 'field.change', step: 'additional', patch: { selections: { ...form.selections, [group]: labels } } })}
        />
      ))}
    </>
  );
}
