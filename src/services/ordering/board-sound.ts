/**
 * Whether the order board plays a tone when an order arrives: off until the owner turns it on
 * (a sound nobody asked for startles), then remembered in this browser, where the kitchen's
 * screen is. Never throws: a storage the browser refuses only costs the remembering.
 */
const KEY = 'tablefront.ordering.sound';

function browserStorage(): Storage | undefined {
  try {
    return (globalThis as { localStorage?: Storage }).localStorage;
  } catch {
    return undefined;
  }
}

export function loadSoundPreference(storage: Storage | undefined = browserStorage()): boolean {
  try {
    return storage?.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

export function saveSoundPreference(on: boolean, storage: Storage | undefined = browserStorage()): void {
  try {
    if (on) storage?.setItem(KEY, 'on');
    else storage?.removeItem(KEY);
  } catch {
    // Not remembered: the switch still works for this visit.
  }
}
