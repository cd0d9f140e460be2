import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';

/**
 * What the validator compiler (./validation.ts) does, in types: a route's `body`, `querystring`
 * and `params` schemas are superstruct contracts, and the handler sees the value each contract
 * checked (and coerced), by the contract's own type. So a handler names no type of its own for
 * its request, and casts none: `schema: { body: RegisterRequest }` makes `request.body` a
 * `RegisterRequest`.
 *
 * The type is read from the struct's `TYPE` member by an indexed access, not by a conditional
 * type (`extends Struct<infer T, any>`): an indexed access still resolves when the contract's
 * type is a type parameter (a generic route factory, routes/menu/menu-crud.ts). A part without a
 * schema is `unknown`.
 *
 * Answers are typed by the handlers themselves (`satisfies`): a route's `schema.response` holds
 * `Answer`s (contracts/shared/answers.ts), whose structs are read at run time, never inferred,
 * and every answer is checked against them in the tests (./response-contracts.ts).
 */
export interface ContractTypeProvider extends FastifyTypeProvider {
  validator: (this['schema'] & { TYPE: unknown })['TYPE'];
  serializer: unknown;
}

/** The instance routes are registered on: server/app.ts hands each route module this one. */
export type ContractApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ContractTypeProvider>;

/**
 * A contract's value as Fastify's types hand it to a route of a generic factory, whose contract's
 * type `T` is a type parameter: Fastify wraps what the provider gives in `[T] extends [undefined] ?
 * unknown : T`, which TypeScript cannot decide for a type parameter. A factory's callbacks take
 * `Validated<T>` (routes/menu/menu-crud.ts); for every real contract, an object, it is `T` itself.
 * Written as Fastify writes it (fastify/types/type-provider.d.ts, `UndefinedToUnknown`), so if
 * Fastify changes its own, the factory stops compiling instead of losing its types.
 */
export type Validated<T> = [T] extends [undefined] ? unknown : T;
