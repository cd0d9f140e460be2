import { refine, union, type Struct } from 'superstruct';

/**
 * What a struct's refinements mean, for the published JSON Schema (server/openapi/). superstruct
 * keeps a refinement as a function only, so a limit (a maximum length, a list's size) is told
 * here by the helper that makes it, beside the check itself, and never written twice.
 */
export type SchemaNote = {
  description?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  /** The members of a union, which superstruct does not keep. */
  anyOf?: readonly AnyStruct[];
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyStruct = Struct<any, any>;

/**
 * Notes are keyed by the struct's `entries` function: `optional`, `nullable`, `refine` and
 * `coerce` each make a new struct but keep that function, so a note made on the inner struct
 * is still found from the field's outer one.
 */
const notes = new WeakMap<object, SchemaNote>();

export function documented<S extends AnyStruct>(struct: S, note: SchemaNote): S {
  notes.set(struct.entries, { ...notes.get(struct.entries), ...note });
  return struct;
}

export function noteOf(struct: AnyStruct): SchemaNote | undefined {
  return notes.get(struct.entries);
}

/** A list of at most `max` items; the refusal names the limit (`At most 500 zip codes.`). */
export function boundedList<T, S>(struct: Struct<T[], S>, max: number, what: string): Struct<T[], S> {
  return documented(
    refine(struct, 'size', (values) => values.length <= max || `At most ${max} ${what}.`),
    { maxItems: max },
  );
}

/** superstruct's union, with its members told to the document. */
export function documentedUnion<A extends AnyStruct, B extends AnyStruct[]>(members: [A, ...B]) {
  return documented(union(members), { anyOf: members });
}
