import { useEffect, useRef } from 'react';
import type { ActorRef, EventObject, Snapshot } from 'xstate';

/** One handler per effect the machine emits, each given that effect's own event. */
export type ScreenHandlers<TEmitted extends EventObject> = {
  [K in TEmitted['type']]?: (event: Extract<TEmitted, { type: K }>) => void;
};

/**
 * The one place a screen performs what its machine emits (docs/architecture.md, "Screens: one
 * way from machine to view"): announce, move the focus, play a tone, name the tab, print. The
 * machine decides when; the view only knows how. Handlers are read when an effect arrives, so
 * a view may pass a new object each render without subscribing again.
 */
export function useScreen<TEmitted extends EventObject>(actor: ActorRef<Snapshot<unknown>, never, TEmitted>, handlers: ScreenHandlers<TEmitted>): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  const types = Object.keys(handlers).sort().join(' ');
  useEffect(() => {
    const subscriptions = types
      .split(' ')
      .filter(Boolean)
      .map((type) =>
        actor.on(type as TEmitted['type'], (event) => (latest.current as Record<string, ((event: TEmitted) => void) | undefined>)[type]?.(event as TEmitted)),
      );
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, types]);
}
