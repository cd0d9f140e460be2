import { useEffect, useState } from 'react';
import { clockOf } from '../../../contracts/shared/clock-format';
import { pauseWords } from '../../../contracts/shared/store-pause';
import type { Storefront } from '../../../contracts/storefront';

/** setTimeout's longest wait; a pause is at most an hour, but the data is not ours to trust blindly. */
const LONGEST_WAIT = 2 ** 31 - 1;

/**
 * The header's status pill: "Open now · closes 21:00", or while the kitchen has paused new orders
 * (issue 45) "Not taking orders until 7:30 PM" / "Not taking orders right now". The server sends a
 * pause only while it is on and renders the page again when it ends; a copy already in the browser
 * is read against the browser's clock, so at that time the pill goes back to the status.
 */
export function StoreStatus({ store }: { store: Storefront }) {
  const { status, pause } = store;
  const until = pause?.until ?? null;
  const [ended, setEnded] = useState(false);
  useEffect(() => {
    setEnded(false);
    if (until === null) return undefined;
    const timer = setTimeout(() => setEnded(true), Math.min(Math.max(Date.parse(until) - Date.now(), 0), LONGEST_WAIT));
    return () => clearTimeout(timer);
  }, [until]);
  if (pause && !ended) return <p className="status closed">{pauseWords(pause, clockOf(store.restaurant))}</p>;
  return <p className={`status ${status.open_now ? 'open' : 'closed'}`}>{status.label}</p>;
}
