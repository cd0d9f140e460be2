import { useEffect, useState } from 'react';
import { Spinner } from './spinner';

// Most chunks arrive well within this; a spinner that flashes for 100 ms reads as jank.
const SHOW_AFTER_MS = 400;

/** The Suspense fallback while an area's chunk loads: nothing at first, then a quiet spinner. */
export function PageLoader() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div aria-busy="true" aria-live="polite" style={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}>
      {visible ? <Spinner label="Loading" /> : null}
    </div>
  );
}
