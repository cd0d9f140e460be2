import { Button, Fieldset, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { TERRITORY_SOCIALS_MAX } from '../../../contracts/territories';
import type { TerritoryForm } from './territory-form-context';

/** Rows of platform name and link; https:// is added on save to a link without one, blank rows are dropped. */
export function SocialLinksField({ form }: { form: TerritoryForm }) {
  const socials = form.values.socials;
  return (
    <Stack gap="sm">
      {socials.length === 0 ? (
        <Text size="sm" c="dimmed">
          No social links yet.
        </Text>
      ) : null}
      {socials.map((_, index) => (
        <Fieldset key={form.key(`socials.${index}`)} legend={`Link ${index + 1}`} p="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Platform" placeholder="Instagram" {...form.getInputProps(`socials.${index}.platform_name`)} />
            <TextInput label="Link" placeholder="instagram.com/yourpage" {...form.getInputProps(`socials.${index}.platform_url`)} />
          </SimpleGrid>
          <Button mt="sm" size="xs" variant="subtle" color="red" onClick={() => form.removeListItem('socials', index)} aria-label={`Remove link ${index + 1}`}>
            Remove
          </Button>
        </Fieldset>
      ))}
      <Button
        variant="default"
        w="fit-content"
        disabled={socials.length >= TERRITORY_SOCIALS_MAX}
        onClick={() => form.insertListItem('socials', { platform_name: '', platform_url: '' })}
      >
        Add social link
      </Button>
    </Stack>
  );
}
