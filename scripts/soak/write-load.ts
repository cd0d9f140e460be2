// Concurrent writers for fault tests and the soak script: each saves, one after another, a
// category with its detail and two sizes (one multi-statement transaction), a notify-me sign-up
// (one statement) and, given a store, an order placed on it (its number, lines and first event in
// one transaction), every write under a name of its own, and records what the server answered. Afterwards `storedWrites` reads back which writes the database holds, and whole.

/** One request as the writers make it; the transport (app.inject or fetch) is the caller's. */
export type WriteRequest = { path: string; body: unknown; token?: string; headers?: Record<string, string> };
/** `status` 0: no answer at all (the connection was refused or reset). */
export type WriteAnswer = { status: number; retryAfter?: string; body: unknown };
export type Send = (request: WriteRequest) => Promise<WriteAnswer>;
export type WriteOutcome = WriteAnswer & { key: string };
type Query = (text: string) => Promise<Record<string, unknown>[]>;
/** A launched store and the line every order asks for (scripts/soak/order-store.ts). */
export type OrderTarget = { slug: string; line: unknown };

const CATEGORY_PREFIX = 'load-category-';
const EMAIL_PREFIX = 'load-signup-';
/** An order's note carries its key: the order itself has no name. */
const ORDER_PREFIX = 'load-order-';
const SIZES = [{ name: 'Small' }, { name: 'Large' }];
/** A writer waits this long between writes, so a few writers load the server without starving the rest. */
const PAUSE_MS = 5;

/** fetch as a transport: the server in its own process at `baseUrl`. */
export function sendOverHttp(baseUrl: string): Send {
  return async ({ path, body, token, headers = {} }) => {
    try {
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      return { status: response.status, retryAfter: response.headers.get('retry-after') ?? undefined, body: text === '' ? undefined : JSON.parse(text) };
    } catch {
      return { status: 0, body: undefined };
    }
  };
}

export type Writers = ReturnType<typeof startWriters>;

/** The write of number `next`: orders (when there is a store) every third, categories and sign-ups between. */
function writeOf(next: number, token: string, store: OrderTarget | undefined): { key: string; request: WriteRequest } {
  if (store && next % 3 === 0) {
    const key = `${ORDER_PREFIX}${next}`;
    const customer = { name: 'Soak Customer', phone: '(312) 555-0199', email: 'soak@example.com' };
    return {
      key,
      request: {
        path: `/api/v2/storefront/${store.slug}/orders/`,
        headers: { 'idempotency-key': key },
        body: { fulfilment: 'pickup', lines: [store.line], customer, address: null, scheduled_for: null, note: key },
      },
    };
  }
  if (next % 2 === 1) {
    const key = `${CATEGORY_PREFIX}${next}`;
    return { key, request: { path: '/api/v2/categories/deep/', token, body: { name: key, detail: { priced_by: 'size' }, sizes: SIZES } } };
  }
  const key = `${EMAIL_PREFIX}${next}@example.com`;
  return { key, request: { path: '/api/messages/', body: { zip_code: '10001', email: key } } };
}

/** Starts `count` writers; they run until `stop()`. `token` is an owner's with a restaurant. */
export function startWriters(send: Send, token: string, count: number, store?: OrderTarget) {
  const outcomes: WriteOutcome[] = [];
  let next = 0;
  let running = true;
  let acknowledged = 0;
  const waiters = new Set<() => void>();

  const writeOnce = async (): Promise<WriteOutcome> => {
    next += 1;
    const { key, request } = writeOf(next, token, store);
    const outcome = { ...(await send(request)), key };
    outcomes.push(outcome);
    if (outcome.status >= 200 && outcome.status < 300) acknowledged += 1;
    for (const wake of waiters) wake();
    return outcome;
  };
  const loops = Array.from({ length: count }, async () => {
    while (running) {
      await writeOnce();
      await new Promise((done) => setTimeout(done, PAUSE_MS));
    }
  });

  return {
    writeOnce,
    outcomes: () => [...outcomes],
    acknowledged: () => acknowledged,
    /** Resolves once `more` further writes have been acknowledged; rejects after `timeoutMs`. */
    acknowledgedMore(more: number, timeoutMs = 20_000): Promise<void> {
      const target = acknowledged + more;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`fewer than ${more} writes acknowledged within ${timeoutMs} ms`));
        }, timeoutMs);
        function check() {
          if (acknowledged < target) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        }
        waiters.add(check);
        check();
      });
    },
    async stop(): Promise<void> {
      running = false;
      await Promise.all(loops);
    },
  };
}

/**
 * What the database holds of the writers' work: `whole` the keys stored completely (a category
 * with its detail and both sizes, a sign-up, an order with its line and event), `partial` the
 * categories and orders stored only in part.
 */
export async function storedWrites(query: Query): Promise<{ whole: Set<string>; partial: string[] }> {
  const categories = await query(`
    select c.name, (select count(*) from category_details d where d.category_id = c.id)::int as details,
           (select count(*) from category_sizes s where s.category_id = c.id)::int as sizes
    from categories c where c.name like '${CATEGORY_PREFIX}%'`);
  const signups = await query(`select email from messages where email like '${EMAIL_PREFIX}%'`);
  const orders = await query(`
    select o.note, (select count(*) from order_lines l where l.order_id = o.id)::int as lines,
           (select count(*) from order_events e where e.order_id = o.id)::int as events
    from orders o where o.note like '${ORDER_PREFIX}%'`);
  const whole = new Set<string>(signups.map((row) => String(row.email)));
  const partial: string[] = [];
  for (const row of categories) {
    if (row.details === 1 && row.sizes === SIZES.length) whole.add(String(row.name));
    else partial.push(String(row.name));
  }
  // An order is whole with its one line and its "placed" event (the writers' orders are never moved).
  for (const row of orders) {
    if (row.lines === 1 && row.events === 1) whole.add(String(row.note));
    else partial.push(String(row.note));
  }
  return { whole, partial };
}

/** The figures a fault run reports: acknowledged writes, those the database lost, answers by status. */
export function tally(outcomes: WriteOutcome[], stored: { whole: Set<string>; partial: string[] }) {
  const acknowledged = outcomes.filter((outcome) => outcome.status >= 200 && outcome.status < 300);
  const byStatus: Record<string, number> = {};
  for (const outcome of outcomes) {
    const label = outcome.status === 0 ? 'no answer' : String(outcome.status);
    byStatus[label] = (byStatus[label] ?? 0) + 1;
  }
  return {
    acknowledged: acknowledged.length,
    acknowledgedOrders: acknowledged.filter((outcome) => outcome.key.startsWith(ORDER_PREFIX)).length,
    lost: acknowledged.filter((outcome) => !stored.whole.has(outcome.key)).map((outcome) => outcome.key),
    partial: stored.partial,
    byStatus,
  };
}
