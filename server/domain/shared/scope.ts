/**
 * The shape of a signed-in user's rights (decided in ./tenancy.ts) and the check a list attaches
 * to it (read in ./viewer-check.ts). They name each other, so they live together here, where both
 * of those modules import them without importing each other.
 */

/** What a user may read and change: made by `scopeOf` and checked by the helpers of ./tenancy.ts. */
export type Scope = {
  /** Superadmin: every restaurant is theirs to read and change. */
  allRestaurants: boolean;
  /** Staff or superadmin: may change the platform library and see every restaurant in lists of restaurants. */
  administrator: boolean;
  /** The restaurant the user works in (null: none chosen yet). */
  restaurantId: number | null;
  /**
   * Set when the scope was assumed from the user's previous request: a list passes it on
   * (`ListSpec.viewer`) so its query reads the user again in the same statement.
   */
  viewerCheck?: ViewerCheck;
};

/**
 * A read made with the scope its user had on their previous request, before that user is read
 * again. The list query that uses the scope reads the user's scope too, in the same statement
 * (`viewerScopeColumn`), so a signed-in list costs one round trip instead of two
 * (docs/performance.md). Whoever ran the read compares `seen` with the scope it assumed and
 * reads again when they differ (server/plugins/auth.ts, `readAsViewer`).
 */
export class ViewerCheck {
  /**
   * The user's scope as the statement read it; null: no such user, or their sessions were ended
   * after the token was signed (its `epoch` is not theirs any more); undefined: no statement read it.
   */
  seen: Scope | null | undefined = undefined;

  constructor(
    readonly userId: number,
    readonly epoch: number,
  ) {}
}
