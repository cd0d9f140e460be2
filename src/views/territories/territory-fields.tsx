import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import { SimpleGrid, Switch, TextInput, Textarea } from '@mantine/core';
import type { TerritoryForm } from './territory-form-context';

/** Section 5: dates go as YYYY-MM-DD or not at all; the browser's date box writes them so. */
const DATE_HINT = 'YYYY-MM-DD';

/** The territory's own fields: name, address on the site, contact, terms. */
export function SummaryFields({ form }: { form: TerritoryForm }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
      <TextInput label="Slug" description="Lower-case letters, digits and hyphens; the territory's address is /slug." {...form.getInputProps('slug')} />
      <TextInput label="Phone" type="tel" autoComplete="off" {...form.getInputProps('phone')} />
      <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('email')} />
      <TextInput label="Current commission" description="As agreed, e.g. 12% or 1.50 per order." {...form.getInputProps('current_commission')} />
      <TextInput label="Settlement date" type="date" description={DATE_HINT} {...form.getInputProps('settlement_date')} />
      <Switch label="Active" {...form.getInputProps('is_active', { type: 'checkbox' })} />
    </SimpleGrid>
  );
}

/** Who represents the territory (the photo is picked beside these fields). */
export function RepresentativeFields({ form }: { form: TerritoryForm }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput label="Representative name" autoComplete="off" {...form.getInputProps('rep_name')} />
      <TextInput label="Date of birth" type="date" description={DATE_HINT} {...form.getInputProps('rep_dob')} />
      <TextInput label="Work email" type="email" autoComplete="off" {...form.getInputProps('rep_meze_email')} />
      <TextInput label="Personal email" type="email" autoComplete="off" {...form.getInputProps('rep_personal_email')} />
      <TextInput label="Representative phone" type="tel" autoComplete="off" {...form.getInputProps('rep_phone')} />
      <Textarea label="Address" rows={2} {...form.getInputProps('rep_address')} />
    </SimpleGrid>
  );
}
