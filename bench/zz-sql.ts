import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../server/db/database';
import { listCategories } from '../server/domain/menu/menu-categories';
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/rp_q' });
const db = drizzle({ client: pool, logger: true }) as unknown as Db;
console.log(await listCategories(db, { allRestaurants: false, administrator: false, restaurantId: 1 }, { page: 3 } as never));
console.log(await listCategories(db, { allRestaurants: false, administrator: false, restaurantId: 1 }, { page: 300, search: 'ory 1' } as never));
await pool.end();
