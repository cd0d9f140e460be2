/**
 * Stripe's request parameters as Stripe reads them: `a[b][0][c]=x` pairs (form body or query
 * string, brackets encoded or not) into nested objects, with numbered or empty brackets making
 * lists. Values stay text: the structs in params.ts say which must be whole numbers.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormParams = { [key: string]: FormValue };

/** `line_items[0][price_data][currency]` → ['line_items', '0', 'price_data', 'currency']. */
function keyPath(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const rest = [...key.slice(open).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1] ?? '');
  return [key.slice(0, open), ...rest];
}

function setAt(target: Record<string, unknown>, path: string[], value: string) {
  const [head = '', ...tail] = path;
  if (tail.length === 0) {
    target[head] = value;
    return;
  }
  const next = (target[head] ??= {}) as Record<string, unknown>;
  // An empty bracket (`expand[]=a&expand[]=b`) appends.
  setAt(next, tail[0] === '' ? [String(Object.keys(next).length), ...tail.slice(1)] : tail, value);
}

/** Objects whose keys are 0, 1, 2… are lists, as Stripe reads them. */
function withLists(value: unknown): FormValue {
  if (typeof value !== 'object' || value === null) return value as string;
  const entries = Object.entries(value).map(([key, inner]) => [key, withLists(inner)] as const);
  const isList = entries.length > 0 && entries.every(([key], index) => key === String(index));
  return isList ? entries.map(([, inner]) => inner) : Object.fromEntries(entries);
}

export function decodeForm(text: string): FormParams {
  const params: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) setAt(params, keyPath(key), value);
  return withLists(params) as FormParams;
}
