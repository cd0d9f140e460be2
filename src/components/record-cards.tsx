import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Paper, Stack, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import classes from './record-cards.module.css';

/** One row of a list as a card: its title, its fields as label and value, its actions. */
export type RecordCard = {
  key: string | number;
  title: ReactNode;
  fields: readonly (readonly [label: string, value: ReactNode])[];
  actions: ReactNode;
};

/**
 * A list's rows on phones, one card each (a list named `label`), with the same fields and
 * actions as the table wider screens show: nothing is behind a sideways scroll.
 */
export function RecordCards({ label, cards }: { label: string; cards: readonly RecordCard[] }) {
  return (
    <Stack component="ul" gap="sm" aria-label={label} className={classes.cards}>
      {cards.map((card) => (
        <Paper component="li" key={card.key} withBorder radius="md" p="sm">
          <Text component="div" fw={700} className={classes.title}>
            {card.title}
          </Text>
          <dl className={classes.fields}>
            {card.fields.map(([name, value]) => (
              <Fragment key={name}>
                <dt>{name}</dt>
                <dd>{value}</dd>
              </Fragment>
            ))}
          </dl>
          {card.actions}
        </Paper>
      ))}
    </Stack>
  );
}
