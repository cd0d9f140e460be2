/**
 * A short two-note chime for a new order, made with Web Audio (no sound file to download). The
 * browser lets a page play sound only after the person has used it, which turning the switch
 * on is; without Web Audio the board stays silent rather than failing.
 */
let context: AudioContext | undefined;

export function playNewOrderTone(): void {
  const Audio = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Audio) return;
  context ??= new Audio();
  const start = context.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.18, 1320],
  ] as const) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    // A quick fade in and out: a hard start or stop clicks.
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.3, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.16);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.17);
  }
}
