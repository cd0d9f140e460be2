import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Pill.css';
import { Button, Group, Pill, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ZIP_DIGITS_MAX, ZIP_DIGITS_MIN, mergeZipText } from '../../../contracts/territories';
import type { TerritoryForm } from './territory-form-context';

/** How many zips a territory lists, in words. */
export const zipCount = (count: number) => `${count} zip code${count === 1 ? '' : 's'}`;

/**
 * Section 5: zip codes typed or pasted as free text (split on anything that is not a digit,
 * numbers of 4 to 10 digits kept), merged with the listed ones without repeats; each listed one
 * a chip that removes it. Text still in the box when the territory is saved is merged the same way.
 */
export function ZipCodesField({ form }: { form: TerritoryForm }) {
  // Typing stays in this field (a keystroke would otherwise re-render the whole editor, map
  // included); the text goes to the form when the field is left, so Save, which can only be
  // reached by leaving it, adds what was pasted but not yet added.
  const [text, setText] = useState('');
  const zips = form.values.zips;
  const add = () => {
    form.setValues({ zips: mergeZipText(zips, text), zip_text: '' });
    setText('');
  };
  const error = form.errors.zips;
  return (
    <Stack gap="sm">
      <Textarea
        label="Add zip codes"
        description={`Type or paste them in any form (commas, spaces, one per line); numbers of ${ZIP_DIGITS_MIN} to ${ZIP_DIGITS_MAX} digits are kept.`}
        rows={3}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onBlur={() => form.setFieldValue('zip_text', text)}
        error={error}
      />
      <Button variant="default" w="fit-content" onClick={add} disabled={text.trim() === ''}>
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
                onRemove={() =>
                  form.setFieldValue(
                    'zips',
                    zips.filter((listed) => listed !== zip),
                  )
                }
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
