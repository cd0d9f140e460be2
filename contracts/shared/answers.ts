import { string, type Struct } from 'superstruct';
import { ApiErrorBody } from './errors';

/**
 * The answers a route documents, status by status (a route's `schema.response`). They are
 * checked against every answer the server sends in its tests (server/plugins/response-contracts.ts)
 * and published as the OpenAPI document (server/openapi/), so both read this one declaration.
 */

// superstruct's structs of any shape; answers are read, never inferred, here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyStruct = Struct<any, any>;

/**
 * One documented answer. A class, not a plain object: Fastify leaves schemas with a prototype of
 * their own alone, so it never mistakes an answer for JSON Schema.
 */
export class Answer {
  constructor(
    readonly description: string,
    /** The body's contract; null when the answer has no body (204, a redirect) or is a file. */
    readonly body: AnyStruct | null,
    /** The body's media type (`image/*` for any image); null when there is no body. */
    readonly mediaType: string | null,
    /**
     * 'shape' when only the body's shape is promised, not its refinements: a never-saved
     * onboarding step answers its defaults, whose required fields are still empty.
     */
    readonly rules: 'all' | 'shape' = 'all',
    /** Response headers worth naming (a redirect's Location). */
    readonly headers: readonly string[] = [],
    /** The same answer in other media types the caller may ask for (a list as CSV with `?format=csv`). */
    readonly alternatives: readonly Answer[] = [],
  ) {}
}

/** `answer`, or the same figures as each of `alternatives` (one per media type), as the request asks. */
export const oneOfMediaTypes = (answer: Answer, ...alternatives: Answer[]) =>
  new Answer(answer.description, answer.body, answer.mediaType, answer.rules, answer.headers, alternatives);

/** Statuses (or `default`) to answers: a route's `schema.response`. */
export type Answers = Partial<Record<number | 'default', Answer>>;

export const json = (struct: AnyStruct, description: string, rules: 'all' | 'shape' = 'all') => new Answer(description, struct, 'application/json', rules);

/** A refusal in the common error shape `{detail, code, fields?}`. */
export const refusal = (description: string) => new Answer(description, ApiErrorBody, 'application/json');

export const noContent = (description: string) => new Answer(description, null, null);

export const redirect = (description: string) => new Answer(description, null, null, 'all', ['location']);

/** A text file (a CSV export): any text, of this media type. */
export const textFile = (mediaType: string, description: string) => new Answer(description, string(), mediaType);

/** Server-Sent Events (text/event-stream): a stream that stays open, described in words. */
export const eventStream = (description: string) => new Answer(description, null, 'text/event-stream');

/** A binary file (an uploaded image): its media type only. */
export const binaryFile = (mediaType: string, description: string) => new Answer(description, null, mediaType);

/**
 * A multipart/form-data request body, for the document (a route's `schema.multipart`): its file
 * fields and text fields, each with a sentence. The route reads and checks the form itself.
 */
export type MultipartForm = { files: Record<string, string>; fields?: Record<string, string> };
