import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import { SimpleGrid, Switch, TextInput, Textarea } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { TerritoryEditorContext, TerritoryEditorMachine } from '../../machines/territories/territory-editor.machine';
import { bindField } from '../shared/bind-field';

/** The editor's machine, as each section of the form receives it. */
export type EditorActor = ActorRefFrom<TerritoryEditorMachine>;

/** Section 5: dates go as YYYY-MM-DD or not at all; the browser's date box writes them so. */
const DATE_HINT = 'YYYY-MM-DD';

/**
 * The editor's form as a section reads it: drawn again only when one of `fields` (or a field's
 * error) changes, not at every keystroke elsewhere in the form.
 */
export function useFormFields(actor: EditorActor, fields: readonly (keyof TerritoryEditorContext)[]): { context: TerritoryEditorContext } {
  const context = useSelector(
    actor,
    (snapshot) => snapshot.context,
    (before, after) => before.fieldErrors === after.fieldErrors && fields.every((field) => before[field] === after[field]),
  );
  return { context };
}

const SUMMARY = ['name', 'slug', 'phone', 'email', 'current_commission', 'settlement_date', 'is_active'] as const;

/** The territory's own fields: name, address on the site, contact, terms. */
export function SummaryFields({ actor }: { actor: EditorActor }) {
  const state = useFormFields(actor, SUMMARY);
  const send = actor.send;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput label="Name" withAsterisk {...bindField(state, send, 'name')} />
      <TextInput label="Slug" description="Lower-case letters, digits and hyphens; the territory's address is /slug." {...bindField(state, send, 'slug')} />
      <TextInput label="Phone" type="tel" autoComplete="off" {...bindField(state, send, 'phone')} />
      <TextInput label="Email" type="email" autoComplete="off" {...bindField(state, send, 'email')} />
      <TextInput label="Current commission" description="As agreed, e.g. 12% or 1.50 per order." {...bindField(state, send, 'current_commission')} />
      <TextInput label="Settlement date" type="date" description={DATE_HINT} {...bindField(state, send, 'settlement_date')} />
      <Switch
        label="Active"
        name="is_active"
        checked={state.context.is_active}
        error={state.context.fieldErrors.is_active}
        onChange={(event) => send({ type: 'active.change', active: event.currentTarget.checked })}
      />
    </SimpleGrid>
  );
}

const REPRESENTATIVE = ['rep_name', 'rep_dob', 'rep_meze_email', 'rep_personal_email', 'rep_phone', 'rep_address'] as const;

/** Who represents the territory (the photo is picked beside these fields). */
export function RepresentativeFields({ actor }: { actor: EditorActor }) {
  const state = useFormFields(actor, REPRESENTATIVE);
  const send = actor.send;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput label="Representative name" autoComplete="off" {...bindField(state, send, 'rep_name')} />
      <TextInput label="Date of birth" type="date" description={DATE_HINT} {...bindField(state, send, 'rep_dob')} />
      <TextInput label="Work email" type="email" autoComplete="off" {...bindField(state, send, 'rep_meze_email')} />
      <TextInput label="Personal email" type="email" autoComplete="off" {...bindField(state, send, 'rep_personal_email')} />
      <TextInput label="Representative phone" type="tel" autoComplete="off" {...bindField(state, send, 'rep_phone')} />
      <Textarea label="Address" rows={2} {...bindField(state, send, 'rep_address')} />
    </SimpleGrid>
  );
}
