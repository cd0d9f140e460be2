/**
 * Turns a failed call into words for a person. Pure: no HTTP, no React, no XState, so machines
 * can use it without knowing how the error was produced.
 *
 * The older client throws `Error('HTTP 400 Bad Request: {"detail":...}')` (the body cut to 300
 * characters) and keeps the whole body on `error.body`; our server's error bodies are
 * `{detail, code, fields?}`. Showing that raw message to a restaurant owner would be unkind, so
 * the body's `detail` wins, then the error's own message, then the caller's fallback sentence.
 */
export interface ErrorText {
  /** One sentence for the form's alert. */
  message: string;
  /** Per-field sentences from the server's `fields`, to show next to the inputs. */
  fields: Record<string, string>;
}

type Described = { message: string; fields: Record<string, string> } | undefined;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The non-empty sentences of a `fields` record, by field name. */
function sentencesOf(fields: unknown): Record<string, string> {
  const sentences: Record<string, string> = {};
  if (!isRecord(fields)) return sentences;
  for (const [name, text] of Object.entries(fields)) {
    const sentence = nonEmpty(text);
    if (sentence !== undefined) sentences[name] = sentence;
  }
  return sentences;
}

/** `{detail, fields}` (or the newer backend's `{message}`) from an already parsed body. */
function fromBody(body: unknown): Described {
  if (!isRecord(body)) return undefined;
  const message = nonEmpty(body.detail) ?? nonEmpty(body.message);
  if (message === undefined) return undefined;
  return { message, fields: sentencesOf(body.fields) };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A body given as text: JSON as a whole, or JSON after an `HTTP 400 Bad Request: ` prefix.
 * The legacy message cuts bodies at 300 characters, which breaks the JSON; the `detail`
 * string near the start usually survives, so it is still picked out on its own.
 */
function fromText(text: string): Described {
  const start = text.indexOf('{');
  if (start === -1) return undefined;
  const whole = fromBody(parseJson(text.slice(start)));
  if (whole) return whole;
  const detail = /"detail"\s*:\s*("(?:[^"\\]|\\.)*")/.exec(text.slice(start));
  const sentence = detail?.[1] === undefined ? undefined : nonEmpty(parseJson(detail[1]));
  return sentence === undefined ? undefined : { message: sentence, fields: {} };
}

export function errorText(error: unknown, fallback: string): ErrorText {
  if (typeof error === 'string') return fromText(error) ?? { message: nonEmpty(error) ?? fallback, fields: {} };
  if (!isRecord(error) && !(error instanceof Error)) return { message: fallback, fields: {} };

  const carrier = error as { body?: unknown; message?: unknown; fields?: unknown };
  // The newer client (ApiError) and the contract check keep the parsed `fields` on the error itself.
  const kept = sentencesOf(carrier.fields);
  // The whole body (when the client kept it) beats the clipped copy inside the message.
  const described =
    (typeof carrier.body === 'string' ? fromText(carrier.body) : fromBody(carrier.body)) ??
    (typeof carrier.message === 'string' ? fromText(carrier.message) : undefined);
  if (described) return { message: described.message, fields: { ...kept, ...described.fields } };
  return { message: nonEmpty(carrier.message) ?? fallback, fields: kept };
}
