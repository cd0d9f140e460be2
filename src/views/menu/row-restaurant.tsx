import { Text } from '@mantine/core';
import { useRestaurantLabels } from '../shared/session-context';

/**
 * "Restaurant: Pizza Loco" under a menu row, shown only while an administrator works across
 * restaurants (issue 10); owners and administrators with a restaurant chosen see nothing.
 */
export function RowRestaurant({ restaurantId }: { restaurantId: number | null }) {
  const labelOf = useRestaurantLabels();
  if (!labelOf) return null;
  return (
    <Text size="xs" c="dimmed" truncate>
      Restaurant: {labelOf(restaurantId)}
    </Text>
  );
}
