import { is, type Struct } from 'superstruct';
import { noteOf } from '../../contracts/shared/documented';

/**
 * superstruct → JSON Schema (2020-12, as OpenAPI 3.1 reads it), for the published document.
 * A struct says its kind (`type`) and its parts (`schema`); whether it is optional or nullable
 * is asked of the struct itself (does it take `undefined`, `null`?), and what its refinements
 * mean comes from the notes the contracts' helpers leave (contracts/shared/documented.ts).
 */

export type JsonSchema = { [key: string]: unknown };
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyStruct = Struct<any, any>;

/** Whether an object's field may be left out. */
export const isOptional = (struct: AnyStruct): boolean => is(undefined, struct);

function kindOf(struct: AnyStruct): JsonSchema {
  const schema = struct.schema as unknown;
  switch (struct.type) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
      return { type: struct.type };
    case 'literal':
      return { const: schema };
    case 'enums':
      return { enum: Object.values(schema as Record<string, unknown>) };
    case 'object':
    case 'type':
      return objectSchema(schema as Record<string, AnyStruct>, struct.type === 'object');
    case 'array':
      // `array()` with no element struct takes any items.
      return { type: 'array', ...(schema ? { items: toJsonSchema(schema as AnyStruct) } : {}) };
    case 'record': {
      // A record keeps its value struct only in its `entries`: ask it for one entry's.
      const [, valueEntry] = [...struct.entries({ key: undefined }, { branch: [], path: [] })];
      return { type: 'object', additionalProperties: valueEntry ? toJsonSchema(valueEntry[2] as AnyStruct) : {} };
    }
    case 'union':
      return {};
    default:
      // unknown, any, a custom define(): anything is documented as anything.
      return {};
  }
}

function objectSchema(fields: Record<string, AnyStruct>, exact: boolean): JsonSchema {
  const entries = Object.entries(fields);
  const required = entries.filter(([, field]) => !isOptional(field)).map(([name]) => name);
  return {
    type: 'object',
    properties: Object.fromEntries(entries.map(([name, field]) => [name, toJsonSchema(field)])),
    ...(required.length > 0 ? { required } : {}),
    // `object` refuses unknown fields; `type` lets them through.
    ...(exact ? { additionalProperties: false } : {}),
  };
}

/** The JSON Schema of `struct`: what it accepts, with the limits its helpers noted. */
export function toJsonSchema(struct: AnyStruct): JsonSchema {
  const { anyOf, ...note } = noteOf(struct) ?? {};
  const base: JsonSchema = anyOf ? { anyOf: anyOf.map(toJsonSchema) } : { ...kindOf(struct), ...note };
  if (anyOf && note.description) base.description = note.description;
  // A schema of anything already takes null.
  if (!is(null, struct) || base.const === null || Object.keys(base).length === 0) return base;
  if (typeof base.type === 'string') return { ...base, type: [base.type, 'null'] };
  return { anyOf: [base, { type: 'null' }] };
}
