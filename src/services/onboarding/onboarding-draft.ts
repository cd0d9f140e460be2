import { integer, object, record, string, unknown, validate } from 'superstruct';

/**
 * What the owner typed on an onboarding step but has not saved yet, kept in the browser per
 * restaurant and step so that a reload (or a closed tab) does not cost it. Cleared once the
 * step is saved, and all of a restaurant's drafts once it is launched. Reading never throws:
 * a broken or unreachable store costs the draft, never the onboarding.
 */
const PREFIX = 'tablefront.onboarding.draft';

const StoredDraft = object({ version: integer(), values: record(string(), unknown()) });

// Bumped when a draft's meaning changes, so an old one is dropped rather than misread.
const VERSION = 1;

const keyOf = (restaurantId: string, step: string) => `${PREFIX}.${restaurantId}.${step}`;

function browserStorage(): Storage | undefined {
  try {
    return (globalThis as { localStorage?: Storage }).localStorage;
  } catch {
    return undefined;
  }
}

/** The step's typed values, or null when there is none; the flow machine checks each value again. */
export function loadOnboardingDraft(restaurantId: string, step: string, storage: Storage | undefined = browserStorage()): Record<string, unknown> | null {
  try {
    const text = storage?.getItem(keyOf(restaurantId, step));
    if (!text) return null;
    const [error, draft] = validate(JSON.parse(text), StoredDraft);
    return error || draft.version !== VERSION ? null : draft.values;
  } catch {
    return null;
  }
}

export function saveOnboardingDraft(restaurantId: string, step: string, values: object, storage: Storage | undefined = browserStorage()): void {
  try {
    storage?.setItem(keyOf(restaurantId, step), JSON.stringify({ version: VERSION, values }));
  } catch {
    // Full or disabled storage: the step still works, it just will not survive a reload.
  }
}

export function clearOnboardingDraft(restaurantId: string, step: string, storage: Storage | undefined = browserStorage()): void {
  try {
    storage?.removeItem(keyOf(restaurantId, step));
  } catch {
    // Nothing to clear where nothing could be stored.
  }
}

/** Every step's draft of one restaurant (after its launch). */
export function clearOnboardingDrafts(restaurantId: string, storage: Storage | undefined = browserStorage()): void {
  try {
    if (!storage) return;
    const prefix = `${PREFIX}.${restaurantId}.`;
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter(
      (key): key is string => key !== null && key.startsWith(prefix),
    );
    for (const key of keys) storage.removeItem(key);
  } catch {
    // As above.
  }
}
