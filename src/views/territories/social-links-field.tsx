import { Button, Fieldset, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { TERRITORY_SOCIALS_MAX } from '../../../contracts/territories';
import type { SocialValues } from '../../machines/territories/territory-form';
import { fieldProps } from '../shared/bind-field';
import { useFormFields, type EditorActor } from './territory-fields';

const SOCIAL_FIELDS = ['socials'] as const;

/** Rows of platform name and link; https:// is added on save to a link without one, blank rows are dropped. */
export function SocialLinksField({ actor }: { actor: EditorActor }) {
  const { context } = useFormFields(actor, SOCIAL_FIELDS);
  const socials = context.socials;
  const send = actor.send;
  const bound = (index: number, field: keyof SocialValues) => {
    const path = `socials.${index}.${field}`;
    return fieldProps(path, socials[index]![field], context.fieldErrors[path], (value) => send({ type: 'social.change', index, field, value }));
  };
  return (
    <Stack gap="sm">
      {socials.length === 0 ? (
        <Text size="sm" c="dimmed">
          No social links yet.
        </Text>
      ) : null}
      {socials.map((_, index) => (
        // Rows are kept by their place, as the form numbers them ("Link 2").
        <Fieldset key={index} legend={`Link ${index + 1}`} p="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Platform" placeholder="Instagram" {...bound(index, 'platform_name')} />
            <TextInput label="Link" placeholder="instagram.com/yourpage" {...bound(index, 'platform_url')} />
          </SimpleGrid>
          <Button mt="sm" size="xs" variant="subtle" color="red" onClick={() => send({ type: 'social.remove', index })} aria-label={`Remove link ${index + 1}`}>
            Remove
          </Button>
        </Fieldset>
      ))}
      <Button variant="default" w="fit-content" disabled={socials.length >= TERRITORY_SOCIALS_MAX} onClick={() => send({ type: 'social.add' })}>
        Add social link
      </Button>
    </Stack>
  );
}
