import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Struct } from 'superstruct';
import { ContractViolation, parseWith } from '../../contracts/shared/validation';

/**
 * Route schemas are the superstruct contracts the client also uses. The validated (and coerced:
 * trimmed, lower-cased) value replaces the raw body, so handlers only ever see clean input.
 */
async function validationPlugin(app: FastifyInstance) {
  app.setValidatorCompiler(({ schema }) => (data: unknown) => {
    try {
      return { value: parseWith(schema as Struct<unknown, unknown>, data) };
    } catch (error) {
      if (error instanceof ContractViolation) return { error };
      throw error;
    }
  });
}

export default fp(validationPlugin, { name: 'validation' });
