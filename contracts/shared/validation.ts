import { validate, type Context, type Struct, type StructError } from 'superstruct';

/** A refinement's failure reported on a named field below the value being refined (not on the value itself). */
export const fieldFailure = (context: Context, path: (string | number)[], message: string) => ({ path: [...context.path, ...path], message });

/** A body that failed its contract: one human sentence per offending field. */

export class ContractViolation extends Error {
  readonly fields: Record<string, string>;
  constructor(fields: Record<string, string>) {
    super(`Invalid input: ${Object.keys(fields).join(', ') || 'body'}.`);
    this.name = 'ContractViolation';
    this.fields = fields;
  }
}

const BODY = 'body';

const TYPE_SENTENCES: Record<string, string> = {
  string: 'Expected text.',
  number: 'Expected a number.',
  integer: 'Expected a whole number.',
  boolean: 'Expected true or false.',
  array: 'Expected a list.',
  object: 'Expected an object.',
  type: 'Expected an object.',
};

/**
 * Turns superstruct's failures into messages a person can read. Refinements in the
 * contracts already return their own sentence; the generic type failures get one here.
 */
function describe(error: StructError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const failure of error.failures()) {
    const key = failure.path.length > 0 ? failure.path.join('.') : BODY;
    if (key in fields) continue;
    if (failure.type === 'never') fields[key] = 'Unknown field.';
    else if (failure.value === undefined && failure.refinement === undefined) fields[key] = 'This field is required.';
    else if (failure.refinement !== undefined) fields[key] = failure.message;
    else if (key === BODY) fields[key] = 'Expected a JSON object.';
    else fields[key] = TYPE_SENTENCES[failure.type] ?? failure.message.replace(/, but received:.*$/, '.');
  }
  return fields;
}

/** Validates (and coerces, e.g. trims) `value`; throws ContractViolation on failure. */
export function parseWith<T, S>(struct: Struct<T, S>, value: unknown): T {
  const [error, result] = validate(value, struct, { coerce: true });
  if (error) throw new ContractViolation(describe(error));
  return result;
}

/** Like parseWith, but returns the field messages instead of throwing (for forms). */
export function checkWith<T, S>(struct: Struct<T, S>, value: unknown): { ok: true; value: T } | { ok: false; fields: Record<string, string> } {
  try {
    return { ok: true, value: parseWith(struct, value) };
  } catch (error) {
    if (error instanceof ContractViolation) return { ok: false, fields: error.fields };
    throw error;
  }
}
