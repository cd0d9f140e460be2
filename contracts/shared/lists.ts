import { array, boolean, coerce, integer, nullable, number, object, optional, refine, string, unknown, type Infer, type Struct } from 'superstruct';
import { documented } from './documented';
import { NAME_MAX } from './text';

/**
 * Ids and paged lists, the same for every area (PRODUCT.md: ?page=&page_size=, ordering=, search=,
 * field filters; answers are `{count, next, previous, results}`).
 */

export const LIST_PAGE_SIZE_DEFAULT = 20;
export const LIST_PAGE_SIZE_MAX = 500;

/** The largest value of a PostgreSQL `integer`: every id column is one (a larger id is a database error, not a 404). */
export const ID_MAX = 2_147_483_647;

/** Whether `n` can be a row id: a whole number from 1 to ID_MAX. */
export const isRowId = (n: number) => Number.isInteger(n) && n >= 1 && n <= ID_MAX;

const ID_SENTENCE = `Expected an id: a whole number from 1 to ${ID_MAX}.`;

/** The range of a row id, for the published document (contracts/shared/documented.ts). */
export const ID_RANGE = { minimum: 1, maximum: ID_MAX } as const;

/** A row id: a positive whole number that fits the column (never a database error). */
export const Id = documented(
  refine(integer(), 'id', (n) => isRowId(n) || ID_SENTENCE),
  ID_RANGE,
);

/**
 * `struct`, also accepting it written as text (a path or query string), which `parse` reads.
 * The condition is a `typeof` check, not superstruct's `string()`: that one builds a StructError
 * for every value that is not text, as each absent optional field of a list query is, on every
 * request (docs/performance.md).
 */
const fromText = <T>(struct: Struct<T, null>, parse: (text: string) => unknown) =>
  coerce(struct, unknown(), (value) => (typeof value === 'string' ? parse(value) : value));

/** An id as it arrives in a path or query string. */
export const IdText = documented(
  refine(
    fromText(integer(), (value) => (/^\d{1,10}$/.test(value) ? Number(value) : Number.NaN)),
    'id',
    (n) => isRowId(n) || ID_SENTENCE,
  ),
  ID_RANGE,
);

/** `{id}` of `/.../{id}/`. */
export const IdParams = object({ id: IdText });
export type IdParams = Infer<typeof IdParams>;

/** A whole number as it arrives in a query string, checked by `check`. */
const wholeNumber = (check: (n: number) => true | string) =>
  refine(
    fromText(integer(), (value) => (/^\d{1,9}$/.test(value) ? Number(value) : Number.NaN)),
    'range',
    check,
  );

export const BooleanText = fromText(boolean(), (value) => (value === 'true' ? true : value === 'false' ? false : value));

/**
 * `ordering=name` or `-name`, comma-separated for ties; only the listed columns, so a list
 * can never be sorted by something the server does not index or expose.
 */
const Ordering = (columns: readonly string[]) =>
  refine(
    string(),
    'ordering',
    (value) =>
      value.split(',').every((part) => columns.includes(part.replace(/^-/, ''))) ||
      `ordering must be one or more of ${columns.join(', ')} (prefix - for descending).`,
  );

export const SearchText = refine(string(), 'search', (value) => value.length <= NAME_MAX || `search must be at most ${NAME_MAX} characters.`);

/** `?page=&page_size=`, the same for every paged list: spread into a list's query contract. */
export const PAGING = {
  page: optional(wholeNumber((n) => n >= 1 || 'page must be a whole number from 1.')),
  page_size: optional(wholeNumber((n) => (n >= 1 && n <= LIST_PAGE_SIZE_MAX) || `page_size must be a whole number from 1 to ${LIST_PAGE_SIZE_MAX}.`)),
};

// superstruct's own ObjectSchema is `Record<string, Struct<any, any>>` and is not exported.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function listQuery<F extends Record<string, Struct<any, any>>>(filters: F, ordering: readonly string[]) {
  return object({
    ...PAGING,
    ordering: optional(Ordering(ordering)),
    search: optional(SearchText),
    restaurant_id: optional(IdText),
    ...filters,
  });
}

/** A page of any list: `{count, next, previous, results}`. */
export const Page = <T, S>(struct: Struct<T, S>) => object({ count: number(), next: nullable(string()), previous: nullable(string()), results: array(struct) });
export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };
