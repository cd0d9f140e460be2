import { Card, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { MenuPage } from './menu-page';

/** The parts of a category, as the diagram shows them (spec section 2, Menu home). */
const DIAGRAM = [
  { label: 'Primary option', note: 'optional' },
  { label: 'Weight / Size', note: 'optional' },
  { label: 'Toppings', note: 'optional' },
  { label: 'Dressing', note: 'optional' },
] as const;

export const MENU_ROWS = [
  { href: '/menu/categories', label: 'Categories', text: 'Group your dishes and choose how each group is priced.' },
  { href: '/menu/primary-options', label: 'Primary options', text: 'Choices a guest must make, like crust or base.' },
  { href: '/menu/toppings', label: 'Toppings', text: 'Extras a guest can add to a dish.' },
  { href: '/menu/dressings', label: 'Dressings', text: 'Sauces and dressings offered with a category.' },
  { href: '/menu/extra-options', label: 'Extra options', text: 'Priced add-ons, grouped per category.' },
] as const;

function Box({ children, strong = false }: { children: ReactNode; strong?: boolean }) {
  return (
    <Card withBorder radius="md" p="sm" bg={strong ? 'ember.0' : undefined} style={{ borderColor: strong ? 'var(--mantine-color-ember-3)' : undefined }}>
      {children}
    </Card>
  );
}

/** Menu home: a diagram of what a category is made of, then a row per part of the menu. */
export function MenuHomeView() {
  return (
    <MenuPage title="Menu">
      <Card withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="figure" m={0} aria-label="How a category is built">
        <Stack gap="sm" align="stretch">
          <Box strong>
            <Text fw={800} ta="center">
              Category
            </Text>
            <Text size="xs" c="dimmed" ta="center">
              e.g. Pizza
            </Text>
          </Box>
          <Text ta="center" c="dimmed" aria-hidden="true">
            ↓
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {DIAGRAM.map((part) => (
              <Box key={part.label}>
                <Text fw={600} ta="center" size="sm">
                  {part.label}
                </Text>
                <Text size="xs" c="dimmed" ta="center">
                  {part.note}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
          <Text component="figcaption" size="sm" c="dimmed" ta="center">
            A category can have a primary option, a weight or size, toppings and a dressing; each is optional.
          </Text>
        </Stack>
      </Card>
      <Stack gap="xs" component="nav" aria-label="Menu sections">
        {MENU_ROWS.map((row) => (
          <UnstyledButton key={row.href} component={Link} href={row.href}>
            <Card withBorder radius="md" p="md">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={2}>
                  <Text fw={700}>{row.label}</Text>
                  <Text size="sm" c="dimmed">
                    {row.text}
                  </Text>
                </Stack>
                <Text c="dimmed" aria-hidden="true">
                  ›
                </Text>
              </Group>
            </Card>
          </UnstyledButton>
        ))}
      </Stack>
    </MenuPage>
  );
}
