// `npm run bench`: figures, never a test (it never fails on them).
//   1. POST /api/messages/ and GET /api/v2/health/ on PGlite and on PostgreSQL;
//   2. a 200-row JSON list with brotli, gzip and no compression (bytes per answer);
//   3. the paged category list on PostgreSQL beside the database's own rate for its queries;
//   4. the messages inbox with a million sign-ups, with and without its indexes (BENCH_MESSAGES);
//   5. the statistics calls with 100,000 menu items over 300 restaurants (median time per call);
//   6. forgot-password for existing and unknown accounts, interleaved (medians and their difference);
//   7. cold start: starting the server until its health check answers, built and the old tsx way;
//   8. ten maximal deep creates at once, with health and another owner's list probed meanwhile;
//   9. a store page (12 categories, 120 items) against the same bytes as a static file;
//  10. placing orders at 50 connections beside pgbench running the same transaction (PostgreSQL, pgbench);
//  11. one address flooding the store and tracking pages, the health check's latency beside it (PGlite).
// Each prints requests per second and p50/p99 latency.
//   BENCH_SECONDS (default 5) per measurement; BENCH_CONNECTIONS (default 10; the paged list
//   always uses 50); BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
//   where throw-away databases are created and dropped, "skip" for PGlite only;
//   BENCH_ONLY=endpoints|compression|list|inbox|stats|forgot|coldstart|deep|storefront|orders|pages runs one section; BENCH_LOG_LEVEL sets the paged
//   list server's LOG_LEVEL (default warn, as the other sections); BENCH_PROCESSES (default 1)
//   runs the paged list on that many server processes (WEB_CONCURRENCY) on one port.
import { benchColdStart } from './cold-start';
import { benchCompression } from './compression';
import { benchDeepCreateLoad } from './deep-create-load';
import { benchEndpoints } from './endpoints';
import { benchForgotPassword } from './forgot-password';
import { benchInsightStats } from './insights-stats';
import { benchMessagesInbox } from './messages-inbox';
import { benchOrders } from './orders';
import { benchPagedList } from './paged-list';
import { POSTGRES_ADMIN_URL } from './postgres';
import { benchStorefrontPage } from './storefront-page';
import { benchStorePagesLoad } from './store-pages-load';

const SECTIONS = {
  endpoints: benchEndpoints,
  compression: benchCompression,
  list: async () => {
    if (POSTGRES_ADMIN_URL === 'skip') console.log('\nPaged category list: PostgreSQL only, skipped.');
    else await benchPagedList();
  },
  inbox: async () => {
    if (POSTGRES_ADMIN_URL === 'skip') console.log('\nMessages inbox: PostgreSQL only, skipped.');
    else await benchMessagesInbox();
  },
  stats: async () => {
    if (POSTGRES_ADMIN_URL === 'skip') console.log('\nStatistics calls: PostgreSQL only, skipped.');
    else await benchInsightStats();
  },
  forgot: benchForgotPassword,
  coldstart: benchColdStart,
  deep: benchDeepCreateLoad,
  storefront: benchStorefrontPage,
  orders: async () => {
    if (POSTGRES_ADMIN_URL === 'skip') console.log('\nPlacing orders: PostgreSQL only, skipped.');
    else await benchOrders();
  },
  pages: benchStorePagesLoad,
};

const only = process.env.BENCH_ONLY;
if (only !== undefined && !(only in SECTIONS)) {
  console.error(`BENCH_ONLY must be one of ${Object.keys(SECTIONS).join(', ')}.`);
  process.exit(1);
}
for (const [name, section] of Object.entries(SECTIONS)) {
  if (only === undefined || only === name) await section();
}
