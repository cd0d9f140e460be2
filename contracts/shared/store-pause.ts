import { formatTime, type Clock } from './clock-format';

/**
 * A store's pause of new orders as its public data carries it (issue 45, busy mode): `until` the
 * instant it ends by itself (ISO 8601, UTC), or null while it lasts until the owner reopens.
 * Shared because the storefront's page and the ordering area's checkout both say it, and the
 * data may be older than the pause's end (the page's cache, the browser's): each reads it
 * against its own clock, so a pause that has ended is never shown.
 */
export type StorePause = { until: string | null };

/** The pause still on at `now`, or null (none, or its time is up). */
export function pauseAt(pause: StorePause | null | undefined, now: Date): StorePause | null {
  if (!pause) return null;
  return pause.until === null || Date.parse(pause.until) > now.getTime() ? pause : null;
}

/**
 * What a customer reads while the store is paused: "Not taking orders until 7:30 PM" (19:30
 * outside the US and Canada, on the restaurant's clock) or, with no end, "Not taking orders right
 * now"; null when it is not paused at `now`.
 */
export function pauseSentence(pause: StorePause | null | undefined, now: Date, clock: Clock): string | null {
  const on = pauseAt(pause, now);
  return on && pauseWords(on, clock);
}

/** The words of a pause known to be on (the store page's first render, before the browser's clock is read). */
export const pauseWords = (pause: StorePause, clock: Clock): string =>
  pause.until === null ? 'Not taking orders right now' : `Not taking orders until ${formatTime(pause.until, clock)}`;

/** Extra minutes a busy kitchen adds to every prep time, while `until` is after `now`; 0 otherwise. */
export const busyMinutesAt = (minutes: number | null | undefined, until: string | null | undefined, now: Date): number =>
  minutes && until && Date.parse(until) > now.getTime() ? minutes : 0;
