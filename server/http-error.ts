/**
 * An error that becomes exactly one `{detail, code, fields}` answer with its status. `more` adds
 * fields the route documents beside them (the order's figures of a 409 `price_changed`, issue 43).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly detail: string,
    readonly options: { fields?: Record<string, string>; headers?: Record<string, string>; more?: Record<string, unknown> } = {},
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

/** Seconds as a person reads them in a "try again" sentence. */
export function describeWait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}
