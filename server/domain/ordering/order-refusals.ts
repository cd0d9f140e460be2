import type { QuoteRefusal } from '../../../contracts/ordering';
import { HttpError } from '../../http-error';

/**
 * Why an order cannot be placed as it is, kept as data (issue 43): placing answers the first one
 * as its error (status, code, sentence, the fields to change), the quote lists every one.
 */
export type Refusal = { status: 400 | 409; code: string; detail: string; fields: Record<string, string> };

/** A refusal about one field, in one sentence. */
export const refusal = (status: Refusal['status'], code: string, field: string, detail: string): Refusal => ({
  status,
  code,
  detail,
  fields: { [field]: detail },
});

export const refusalError = (refused: Refusal): HttpError => new HttpError(refused.status, refused.code, refused.detail, { fields: refused.fields });

/** The quote's entries of a refusal: one per field it names (a refusal of several lines names each). */
export const quoteRefusals = (refused: Refusal): QuoteRefusal[] =>
  Object.entries(refused.fields).map(([field, detail]) => ({ field, code: refused.code, detail }));
