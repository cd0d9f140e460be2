import { Text } from '@mantine/core';
import type { ComponentProps } from 'react';
import { ConfirmDelete } from '../../components/confirm-delete';
import { useRestaurantLabels } from '../shared/session-context';

/**
 * "Restaurant: Pizza Loco" under a menu row, shown to an administrator working across restaurants
 * (issue 10), and "Restaurant: Platform library" on library rows to one with a restaurant chosen
 * (issue 27); owners see nothing.
 */
export function RowRestaurant({ restaurantId }: { restaurantId: number | null }) {
  const label = useRestaurantLabels()?.(restaurantId);
  if (!label) return null;
  return (
    <Text size="xs" c="dimmed" truncate>
      Restaurant: {label}
    </Text>
  );
}

/** The confirmation's note on an administrator's delete of a platform library row (issue 27). */
export const LIBRARY_DELETE_NOTE = 'It is in the platform library: deleting it removes it for every restaurant.';

/**
 * A menu row's Delete with its confirmation, which says when the row is the platform library's:
 * an administrator's delete then removes it for every restaurant, not only the one they work on.
 */
export function RowDelete({ restaurantId, ...props }: ComponentProps<typeof ConfirmDelete> & { restaurantId: number | null }) {
  const labelOf = useRestaurantLabels();
  return <ConfirmDelete {...props} note={labelOf && restaurantId === null ? LIBRARY_DELETE_NOTE : null} />;
}
