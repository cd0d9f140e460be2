import { object, optional, record, string, type Infer } from 'superstruct';

/** The one error body every API answer uses (PRODUCT.md, "API conventions"). */
export const ApiErrorBody = object({
  detail: string(),
  code: string(),
  fields: optional(record(string(), string())),
});
export type ApiErrorBody = Infer<typeof ApiErrorBody>;
