import type { DetailsMemory, RememberedDetails } from '#src/services/ordering/contact-store';

/** The checkout's kept contact details held in memory: what is kept now (`kept()`), starting from `initial`. */
export function memoryDetails(initial: RememberedDetails | null = null): DetailsMemory & { kept: () => RememberedDetails | null } {
  let kept = initial;
  return {
    read: () => kept,
    save: (details) => {
      kept = details;
    },
    forget: () => {
      kept = null;
    },
    kept: () => kept,
  };
}
