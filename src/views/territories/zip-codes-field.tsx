import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Pill.css';
import { Button, Group, Pill, Stack, Text, Textarea } from '@mantine/core';
import { ZIP_DIGITS_MAX, ZIP_DIGITS_MIN } from '../../../contracts/territories';
import { fieldProps } from '../shared/bind-field';
import { useFormFields, type EditorActor } from './territory-fields';

/** How many zips a territory lists, in words. */
export const zipCount = (count: number) => `${count} zip code${count === 1 ? '' : 's'}`;

/**
 * Section 5: zip codes typed or pasted as free text (split on anything that is not a digit,
 * numbers of 4 to 10 digits kept), merged with the listed ones without repeats; each listed one
 * a chip that removes it. Text still in the box when the territory is saved is merged the same way.
 */
export function ZipCodesField({ actor }: { actor: EditorActor }) {
  const { context } = useFormFields(actor, ZIP_FIELDS);
  const { zips, zip_text: text } = context;
  const send = actor.send;
  return (
    <Stack gap="sm">
      <Textarea
        label="Add zip codes"
        description={`Type or paste them in any form (commas, spaces, one per line); numbers of ${ZIP_DIGITS_MIN} to ${ZIP_DIGITS_MAX} digits are kept.`}
        rows={3}
        {...fieldProps('zip_text', text, context.fieldErrors.zips, (value) => send({ type: 'field.change', field: 'zip_text', value }))}
      />
      <Button variant="default" w="fit-content" onClick={() => send({ type: 'zips.add' })} disabled={text.trim() === ''}>
        Add zip codes
      </Button>
      <Text size="sm" fw={600} aria-live="polite">
        {zipCount(zips.length)}
      </Text>
      {zips.length > 0 ? (
        <Group gap={6} component="ul" aria-label="Listed zip codes" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {zips.map((zip) => (
            <li key={zip}>
              <Pill
                size="md"
                withRemoveButton
                onRemove={() => send({ type: 'zip.remove', zip })}
                // Mantine hides the remove button from the keyboard (it expects Backspace in an input): not here.
                removeButtonProps={{ 'aria-label': `Remove zip ${zip}`, tabIndex: 0, 'aria-hidden': false }}
              >
                {zip}
              </Pill>
            </li>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}

const ZIP_FIELDS = ['zips', 'zip_text'] as const;
