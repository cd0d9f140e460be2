/**
 * Whether the order board plays a tone when an order arrives: on until the owner turns it off
 * (issue 40: a kitchen that does not hear an order misses it; the board says when the browser
 * blocks the sound), and that choice remembered in this browser, where the kitchen's screen is.
 * Never throws: a storage the browser refuses only costs the remembering.
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
    return storage?.getItem(KEY) !== 'off';
  } catch {
    return true;
  }
}

export function saveSoundPreference(on: boolean, storage: Storage | undefined = browserStorage()): void {
  try {
    if (on) storage?.removeItem(KEY);
    else storage?.setItem(KEY, 'off');
  } catch {
    // Not remembered: the switch still works for this visit.
  }
}
