/**
 * A short two-note chime for a new order, made with Web Audio (no sound file to download). The
 * browser lets a page play sound only after the person has used it: until then the audio context
 * stays `suspended`, which `watchSoundBlocked` reports so the board can say so (issue 40); any use
 * of the page, or the note's button, resumes it. Without Web Audio the board stays silent rather
 * than failing.
 */
let context: AudioContext | undefined;

function audio(): AudioContext | undefined {
  const Audio = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Audio) return undefined;
  // One context for the page (a browser allows only a few); made again only if the kind changed.
  if (!(context instanceof Audio)) context = new Audio();
  return context;
}

export function playNewOrderTone(): void {
  const sound = audio();
  if (!sound) return;
  const start = sound.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.18, 1320],
  ] as const) {
    const oscillator = sound.createOscillator();
    const gain = sound.createGain();
    oscillator.frequency.value = frequency;
    // A quick fade in and out: a hard start or stop clicks.
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.3, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.16);
    oscillator.connect(gain).connect(sound.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.17);
  }
}

/** Asks the browser to let the board play sound; it agrees when called from a click or a key. */
export function unblockSound(): void {
  void audio()
    ?.resume()
    .catch(() => undefined);
}

/** Calls `listener` with whether the browser blocks the board's sound now and on every change; answers the unsubscribe. */
export function watchSoundBlocked(listener: (blocked: boolean) => void): () => void {
  const sound = audio();
  if (!sound) return () => undefined;
  const report = () => listener(sound.state === 'suspended');
  report();
  sound.addEventListener('statechange', report);
  return () => sound.removeEventListener('statechange', report);
}
