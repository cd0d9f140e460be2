import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

/**
 * The current time, renewed as each minute of the wall clock begins: for text that names the
 * time ("14:05"), which would otherwise go stale while the page stays open. One timer per
 * user of the hook, and a render only once a minute.
 */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      timer = setTimeout(
        () => {
          setNow(new Date());
          next();
        },
        MINUTE_MS - (Date.now() % MINUTE_MS),
      );
    };
    next();
    return () => clearTimeout(timer);
  }, []);
  return now;
}
