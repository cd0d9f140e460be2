import '@mantine/core/styles/Anchor.css';
import { Anchor } from '@mantine/core';
import { Link } from 'wouter';

/** From the board to every past order (issue 40): an order leaves the board at midnight, not the history. */
export function OrderHistoryLink() {
  return (
    <Anchor component={Link} href="/orders/history" w="fit-content">
      Order history: every past order
    </Anchor>
  );
}
