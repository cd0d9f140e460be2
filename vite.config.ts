import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressPlugin } from './scripts/precompress';

// The dev server proxies both API generations to the Fastify server (npm start / node server/main.ts).
export default defineConfig({
  // precompress: .br and .gz beside each built text file, served as they are by the server.
  plugins: [react(), precompressPlugin()],
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // Read by scripts/bundle-check.ts to find what the landing page loads.
    manifest: true,
    // The landing page budget is checked by scripts/bundle-check.ts; warn early here too.
    chunkSizeWarningLimit: 400,
  },
});
