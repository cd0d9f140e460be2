import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Struct } from 'superstruct';
import { ContractViolation, parseWith } from '../../contracts/shared/validation';
import { findHostileInput } from './hostile-input';

/**
 * superstruct's `coerce` asks "is this a string?" by building a StructError whenever the answer
 * is no, which every absent optional field of a contract does (`page_size`, `search`...), and
 * an Error's stack trace is most of its cost: two thirds of a list query's check. Nobody reads
 * those stacks (a refused input is a 400 with field messages), so contracts run without them;
 * an exception thrown by a contract itself (a bug) loses its stack too, the price of this.
 */
function withoutStackTraces<T>(work: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return work();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * Route schemas are the superstruct contracts the client also uses. The validated (and coerced:
 * trimmed, lower-cased) value replaces the raw body, so handlers only ever see clean input.
 * Bodies, queries and paths alike are first checked for input no contract should meet (hostile-input.ts).
 */
async function validationPlugin(app: FastifyInstance) {
  app.setValidatorCompiler(({ schema }) => (data: unknown) => {
    const hostile = findHostileInput(data);
    if (hostile) return { error: new ContractViolation(hostile) };
    try {
      // Fastify types a schema as unknown; every route's is a contract (./contract-types.ts types the routes so).
      return { value: withoutStackTraces(() => parseWith(schema as Struct<unknown, unknown>, data)) };
    } catch (error) {
      if (error instanceof ContractViolation) return { error };
      throw error;
    }
  });
}

export default fp(validationPlugin, { name: 'validation' });
