/**
 * fast-check arbitraries for hostile requests, built from a route's own superstruct contracts
 * (issue 16, item 2): a plausible value of the contract's shape with a few fields swapped for
 * what an attacker sends (wrong types, extreme numbers, NaN-like text, NUL and lone surrogates,
 * deep nesting, long lists and text, prototype-pollution keys), fields left out and fields added.
 * Starting from a plausible value lets the hostile part reach past the first check of a contract.
 */
import fc from 'fast-check';
import { validate, type Struct } from 'superstruct';
import type { ServerRoute } from './contract-routes';

type AnyStruct = Struct<unknown, unknown>;

/** Keys that have rewritten an object's prototype in JavaScript servers. */
const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** JSON text for `{key: value}` with `key` an own property, even `__proto__` (an object literal would set the prototype). */
const pollutingObject = (key: string, value: unknown): unknown => JSON.parse(`{${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}}`);

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? [value] : { a: value };
  return value;
};

const NAN_LIKE = ['NaN', 'Infinity', '-Infinity', '1e309', '-0', '0x1F', '1_000', ' 7 ', '７', '1.5', '', 'null', 'undefined', 'true'];
const EXTREME_NUMBERS = [
  0,
  -1,
  -0,
  0.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  2 ** 63,
  -(2 ** 63),
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e21,
];

/** One value an attacker would put where the contract expects something else. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, {}, [], 'text', ...EXTREME_NUMBERS, ...NAN_LIKE),
  fc.string({ maxLength: 8 }).map((text) => `${text}\u0000${text}`),
  fc.constantFrom('\ud800', 'a\udc00b', '\udfff\ud800'),
  fc.integer({ min: 33, max: 80 }).map(nested),
  fc.constantFrom(5_001, 4_999, 300).map((length) => Array.from({ length }, (_, index) => index + 1)),
  fc.constantFrom(256, 10_000, 100_000).map((length) => 'x'.repeat(length)),
  fc.tuple(fc.constantFrom(...POLLUTING_KEYS), fc.constantFrom<unknown>({ is_staff: true }, 1, 'x')).map(([key, value]) => pollutingObject(key, value)),
  fc.anything({ maxDepth: 3 }),
);

/** Text an attacker would put in a path segment or a query value, already percent-encoded. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      '1',
      '0',
      '-1',
      '2147483648',
      '9223372036854775808',
      '1e3',
      ...NAN_LIKE.map(encodeURIComponent),
      '%00',
      '1%00',
      '%ED%A0%80',
      '%C0%80',
      '%FF',
      '..',
      '%2e%2e',
      '%2F',
      '%25',
      'a%20b',
      "1'%20or%20'1'='1",
      '%3Cscript%3E',
    ),
    weight: 6,
  },
  { arbitrary: fc.constantFrom(300, 2_000).map((length) => 'x'.repeat(length)), weight: 1 },
  { arbitrary: fc.string({ maxLength: 12 }).map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))), weight: 2 },
);

/** Text a field of this name would accept, so that the other, hostile fields are what a request is refused for. */
const FIELD_TEXT: [RegExp, string][] = [
  [/email/, 'owner@example.com'],
  [/zip/, '94107'],
  [/slug/, 'slice-house'],
  [/phone|fax/, '4155550100'],
  [/date|dob/, '2026-01-31'],
  [/url/, 'https://example.com/logo.png'],
  [/country/, 'US'],
  [/state/, 'CA'],
  [/code/, '123456'],
  [/password/, 'correct horse battery staple'],
];
export const likelyText = (name: string) => FIELD_TEXT.find(([pattern]) => pattern.test(name))?.[1] ?? 'Margherita';

const isOptional = (struct: AnyStruct) => !validate(undefined, struct)[0];

/** A value of the contract's shape, as far as the struct says what that is (deep enough for the extra options' groups → selections → name, which drew garbage at depth 5 and made the refusal name another field: FUZZ_SEED=1278404365). */
export function plausibleValue(struct: AnyStruct | undefined, depth = 0, name = ''): fc.Arbitrary<unknown> {
  if (!struct || depth > 8) return fc.anything({ maxDepth: 2 });
  const schema = struct.schema as unknown;
  switch (struct.type) {
    case 'object':
    case 'type':
      return plausibleObject(schema as Record<string, AnyStruct>, depth);
    case 'string':
      return fc.oneof({ arbitrary: fc.constant(likelyText(name)), weight: 3 }, { arbitrary: fc.string({ maxLength: 12 }), weight: 1 });
    case 'number':
      return fc.oneof(fc.integer({ min: 0, max: 50 }), fc.double({ min: 0, max: 100, noNaN: true }));
    case 'integer':
      return fc.integer({ min: 0, max: 50 });
    case 'boolean':
      return fc.boolean();
    case 'enums':
      return fc.constantFrom(...Object.values(schema as Record<string, unknown>));
    case 'literal':
      return fc.constant(schema);
    case 'array':
      return fc.array(plausibleValue(schema as AnyStruct | undefined, depth + 1, name), { maxLength: 3 });
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

function plausibleObject(fields: Record<string, AnyStruct>, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(fields);
  if (entries.length === 0) return fc.constant({});
  return fc.record(Object.fromEntries(entries.map(([name, field]) => [name, plausibleValue(field, depth + 1, name)])), {
    requiredKeys: entries.filter(([, field]) => !isOptional(field)).map(([name]) => name),
  }) as fc.Arbitrary<Record<string, unknown>>;
}

type Mutation = { kind: 'replace' | 'remove' | 'add' | 'corrupt'; field: string; value: unknown; character: string };

/** What makes otherwise acceptable text hostile: PostgreSQL refuses NUL; a lone surrogate is not text. */
const CORRUPTING = ['\u0000', '\ud800', '\udc00'] as const;

/** The contract's plausible body with one (most often) to three fields corrupted, replaced, removed or added. */
export function hostileBody(route: ServerRoute): fc.Arbitrary<unknown> {
  const struct = route.body;
  if (!struct || (struct.type !== 'object' && struct.type !== 'type')) return hostileValue;
  const names = Object.keys(struct.schema as Record<string, AnyStruct>);
  const mutation: fc.Arbitrary<Mutation> = fc.record({
    kind: fc.constantFrom('corrupt', 'replace', 'remove', 'add'),
    field: fc.oneof(...(names.length > 0 ? [{ arbitrary: fc.constantFrom(...names), weight: 4 }] : []), {
      arbitrary: fc.constantFrom(...POLLUTING_KEYS, 'is_staff', 'id'),
      weight: 1,
    }),
    value: hostileValue,
    character: fc.constantFrom(...CORRUPTING),
  });
  const mutations = fc.oneof({ arbitrary: fc.tuple(mutation), weight: 3 }, { arbitrary: fc.array(mutation, { minLength: 2, maxLength: 3 }), weight: 1 });
  const mutated = fc.tuple(plausibleValue(struct), mutations).map(([base, changes]) => mutate(base, changes));
  return fc.oneof({ arbitrary: hostileValue, weight: 1 }, { arbitrary: mutated, weight: 5 });
}

function mutate(base: unknown, mutations: Mutation[]): unknown {
  let body = { ...(base as Record<string, unknown>) };
  for (const { kind, field, value, character } of mutations) {
    if (kind === 'remove') {
      delete body[field];
      continue;
    }
    // Acceptable text with one hostile character inside, so that nothing else refuses it first.
    const sent = kind === 'corrupt' ? `${likelyText(field)}${character}` : value;
    // Spread keeps an own `__proto__` key as data, where an assignment would set the prototype.
    body = { ...body, ...(pollutingObject(field, sent) as Record<string, unknown>) };
  }
  return body;
}

/** A query string for the route: its contract's parameters (and a few others) with hostile values. */
export function hostileQuery(route: ServerRoute): fc.Arbitrary<string> {
  const names = route.querystring ? Object.keys(route.querystring.schema as Record<string, AnyStruct>) : [];
  const name = fc.oneof(...(names.length > 0 ? [{ arbitrary: fc.constantFrom(...names), weight: 4 }] : []), {
    arbitrary: fc.constantFrom('__proto__', 'constructor', 'unknown', '%00', '__proto__%5Bis_staff%5D'),
    weight: 1,
  });
  return fc.array(fc.tuple(name, hostileText), { maxLength: 4 }).map((pairs) => pairs.map(([key, value]) => `${key}=${value}`).join('&'));
}

/** The route's address with every parameter (`:id`, a `*` tail) filled with hostile text. */
export function hostilePath(route: ServerRoute): fc.Arbitrary<string> {
  const slots = route.url.split('/').filter((segment) => segment.startsWith(':') || segment === '*').length;
  return fc.array(hostileText, { minLength: slots, maxLength: slots }).map((values) => {
    let next = 0;
    return route.url
      .split('/')
      .map((segment) => (segment.startsWith(':') || segment === '*' ? values[next++] : segment))
      .join('/');
  });
}
