import { boolean, enums, object, type Infer } from 'superstruct';

/** GET /api/v2/health/: 200 when the database answers, 503 when it does not. */
export const Health = object({
  status: enums(['ok', 'degraded']),
  database: boolean(),
});
export type Health = Infer<typeof Health>;
