/**
 * The id fields of a contract (issue 28, item 3): every field named `id`, `ids`, `…_id` or `…_ids`,
 * however deep in objects and lists, with the path a refusal names it by (`prices.0.size_id`).
 * Every id is a row id of a PostgreSQL `integer` column, so each must refuse what that column
 * cannot hold (2147483648) in the contract, before any query: never a database error.
 */
import type { Struct } from 'superstruct';

type AnyStruct = Struct<unknown, unknown>;

const ID_NAME = /^(?:id|ids|.+_id|.+_ids)$/;

/** The largest value of a PostgreSQL `integer` column, and the first an id must refuse. */
export const INT4_MAX = 2_147_483_647;
export const BEYOND_INT4 = INT4_MAX + 1;

export type IdField = {
  /** Keys and list indexes from the top of the value to the id. */
  path: (string | number)[];
  /** Where the id is itself a list of ids (`ids: [1, 2]`): the probe goes in its first item. */
  list: boolean;
  /** The struct of one id (a list's item). */
  struct: AnyStruct;
};

/** The fields of an object contract (superstruct's `object` and `type`; refine, optional and nullable keep them). */
const fieldsOf = (struct: AnyStruct | undefined): Record<string, AnyStruct> | undefined =>
  struct && (struct.type === 'object' || struct.type === 'type') ? (struct.schema as Record<string, AnyStruct>) : undefined;

/** Every id field of `struct`; a list of objects is walked through its first item. */
export function idFields(struct: AnyStruct | undefined, prefix: (string | number)[] = [], depth = 0): IdField[] {
  const fields = fieldsOf(struct);
  if (!fields || depth > 4) return [];
  return Object.entries(fields).flatMap(([name, field]) => {
    const path = [...prefix, name];
    if (ID_NAME.test(name)) {
      const list = field.type === 'array';
      return [{ path, list, struct: list ? (field.schema as AnyStruct) : field }];
    }
    if (field.type === 'array') return idFields(field.schema as AnyStruct, [...path, 0], depth + 1);
    return idFields(field, path, depth + 1);
  });
}

/**
 * `base` (by default an empty value) with the id set to `value`, as text when `asText` (a path or
 * query string); objects and lists on the way are copied, never changed.
 */
export function withId(id: IdField, value: number, asText = false, base: unknown = {}): Record<string, unknown> {
  const sent = asText ? String(value) : value;
  const leaf: unknown = id.list ? [sent] : sent;
  const put = (into: unknown, keys: (string | number)[]): unknown => {
    const [key, ...rest] = keys;
    if (key === undefined) return leaf;
    if (typeof key === 'number') {
      const list: unknown[] = Array.isArray(into) && into.length > 0 ? [...(into as unknown[])] : [{}];
      list[key] = put(list[key], rest);
      return list;
    }
    const object: Record<string, unknown> = into !== null && typeof into === 'object' && !Array.isArray(into) ? { ...into } : {};
    object[key] = put(object[key], rest);
    return object;
  };
  return put(base, id.path) as Record<string, unknown>;
}

/** The field name a refusal gives the id (`fields` key). */
export const fieldName = (id: IdField) => [...id.path, ...(id.list ? [0] : [])].join('.');
