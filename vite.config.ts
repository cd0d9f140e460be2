import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressPlugin } from './scripts/precompress';

// The dev server (npm run dev, port 5173) proxies both API generations and the uploaded images to
// the API server that npm run dev starts beside it on PORT (default 3000, as the server's own default).
const apiServer = `http://localhost:${process.env.PORT || 3000}`;

export default defineConfig({
  // precompress: .br and .gz beside each built text file, served as they are by the server.
  plugins: [react(), precompressPlugin()],
  server: {
    proxy: {
      '/api': apiServer,
      '/uploads': apiServer,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // Read by scripts/bundle-check.ts to find what the landing page loads.
    manifest: true,
    // The landing page budget is checked by scripts/bundle-check.ts; warn early here too.
    chunkSizeWarningLimit: 400,
    rollupOptions: {
      // The store page's script (server/domain/storefront/store-page/store-script.ts finds it in the manifest).
      input: { index: 'index.html', 'store-page': 'src/store-page.tsx' },
    },
  },
});
