import { createOwner, signInWithRestaurant } from './owner';
import pg from 'pg';
const [mode, url, serverUrl, id] = process.argv.slice(2);
if (mode === 'owner') console.log(await createOwner({ dataDir: '/tmp/perfwork', databaseUrl: url }));
else {
  const token = await signInWithRestaurant(serverUrl!, Number(id));
  const c = new pg.Client({ connectionString: url }); await c.connect();
  await c.query(`insert into categories (restaurant_id, name, description) select u.active_restaurant_id, 'Category ' || n, 'What category ' || n || ' holds' from users u, generate_series(1, 1100) n where u.id = $1`, [Number(id)]);
  await c.query('analyze'); await c.end();
  console.log(token);
}
