/**
 * Input no contract should ever have to reason about, refused before any contract runs (issue 16):
 * text with a NUL character (PostgreSQL cannot store it and fails the whole statement) or with
 * half of a UTF-16 surrogate pair (not text at all: it cannot be encoded as UTF-8 and would be
 * stored as a replacement character), and values nested deeper than any request of ours is
 * (recursion over a hostile 5,000-level body costs the event loop and the stack), lists
 * longer than any of ours, objects with more fields than any of ours, and objects with their own `toString` or `valueOf` (JSON can only make
 * them data, not functions, so turning such an object into text throws: superstruct does so to
 * word its refusal, and answered 500).
 */

export const MAX_NESTING = 32;
/**
 * No list of ours is longer (a territory's zip codes are the longest, at 5,000). Longer ones
 * would reach PostgreSQL's 65,535 bind parameters or the query builder's stack before any
 * contract's own limit could say so.
 */
export const MAX_LIST_ITEMS = 5_000;

/**
 * No object of ours has this many fields (the widest contract has a few dozen). An object with
 * more is refused before a contract walks it: 60,000 unknown fields cost 0.8–3.2 s of event loop
 * to check and a 1.55 MB answer naming each one (issue 28).
 */
export const MAX_OBJECT_KEYS = 200;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const HOSTILE_TEXT = 'Text may not contain NUL characters or unpaired surrogates.';
export const TOO_DEEP = `Values may be nested at most ${MAX_NESTING} levels deep.`;
export const TOO_LONG = `Lists may hold at most ${MAX_LIST_ITEMS.toLocaleString('en-US')} items.`;
export const RESERVED_KEY = 'Objects may not have fields named toString or valueOf.';
export const TOO_MANY_KEYS = `Objects may have at most ${MAX_OBJECT_KEYS} fields.`;

const RESERVED_KEYS: ReadonlySet<string> = new Set(['toString', 'valueOf']);

const isHostileText = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * The first problem in `value` as `{field: message}` (the field as a dotted path, `body` for the
 * whole value), or null when there is none. Object keys are text too.
 */
export function findHostileInput(value: unknown): Record<string, string> | null {
  const walk = (item: unknown, path: string, depth: number): Record<string, string> | null => {
    if (typeof item === 'string') return isHostileText(item) ? { [path || 'body']: HOSTILE_TEXT } : null;
    if (typeof item !== 'object' || item === null) return null;
    if (depth >= MAX_NESTING) return { [path || 'body']: TOO_DEEP };
    if (Array.isArray(item) && item.length > MAX_LIST_ITEMS) return { [path || 'body']: TOO_LONG };
    if (!Array.isArray(item) && Object.keys(item).length > MAX_OBJECT_KEYS) return { [path || 'body']: TOO_MANY_KEYS };
    const entries = Array.isArray(item) ? item.map((element, index) => [String(index), element] as const) : Object.entries(item);
    for (const [key, element] of entries) {
      const at = path ? `${path}.${key}` : key;
      if (isHostileText(key)) return { [path || 'body']: HOSTILE_TEXT };
      if (!Array.isArray(item) && RESERVED_KEYS.has(key)) return { [path || 'body']: RESERVED_KEY };
      const found = walk(element, at, depth + 1);
      if (found) return found;
    }
    return null;
  };
  return walk(value, '', 0);
}
