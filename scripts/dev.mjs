// `npm run dev`: Vite's dev server (http://localhost:5173, hot reload of the app) beside the API
// server run from its TypeScript sources (tsx) under `node --watch`, which restarts it when a
// file it loaded changes (not a new migration: restart npm run dev for that). Vite proxies /api
// and /uploads to that server (vite.config.ts), on PORT (default 3000). Ctrl-C stops both; when
// either ends, the other is stopped too.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

// node --watch, rather than `tsx watch`: it waits for the old server to exit (finishing its
// requests and closing the embedded database, which frees DATA_DIR) however long that takes,
// where tsx kills it after 5 s. Its own process group (detached), so that Ctrl-C, which the
// terminal sends to its whole group, does not reach the server twice (once from the terminal,
// once passed on by the watcher): the server's second SIGINT ends it at once, data folder held.
const server = spawn(process.execPath, ['--watch', '--watch-preserve-output', '--import', 'tsx', 'server/main.ts'], { stdio: 'inherit', detached: true });
const vite = spawn(process.execPath, [join('node_modules', 'vite', 'bin', 'vite.js')], { stdio: 'inherit' });
const children = [server, vite];

let stopping = false;
const stopAll = () => {
  if (stopping) return;
  stopping = true;
  // The watcher passes SIGTERM on to the server and exits once the server has stopped.
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
};
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);

const codes = await Promise.all(
  children.map(
    (child) =>
      new Promise((done) =>
        child.on('exit', (code) => {
          stopAll();
          done(code ?? 0);
        }),
      ),
  ),
);
process.exitCode = codes.find((code) => code !== 0) ?? 0;
