import { Chip, Group, Text } from '@mantine/core';
import type { Chip as ChipState } from '../../machines/menu/category-editor.rows';

/** Topping or dressing chips: a chip per catalogue entry, checked when assigned. */
export function AssignmentChips(props: {
  label: string;
  items: readonly { id: number; name: string }[];
  chips: readonly ChipState[];
  onToggle: (id: number) => void;
}) {
  const chipOf = (id: number) => props.chips.find((chip) => chip.itemId === id);
  if (props.items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        None in the library yet.
      </Text>
    );
  return (
    <Group gap="xs" role="group" aria-label={props.label}>
      {props.items.map((item) => {
        const chip = chipOf(item.id);
        const saving = chip?.status === 'saving';
        return (
          <Chip
            key={item.id}
            checked={chip?.assigned ?? false}
            onChange={() => props.onToggle(item.id)}
            color={chip?.status === 'rolledBack' ? 'red' : undefined}
            variant={saving ? 'light' : 'filled'}
            aria-busy={saving}
          >
            {item.name}
          </Chip>
        );
      })}
    </Group>
  );
}
