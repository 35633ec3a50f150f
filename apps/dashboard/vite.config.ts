import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// Served by the gateway under /app/ (services/gateway/src/routes/dashboard-routes.ts). The manifest lets the
// bundle-size test tell the entry chunks from the ones loaded on demand.
export default defineConfig({
  base: '/app/',
  plugins: [react(), tailwindcss()],
  // Workspace packages resolve to their TypeScript sources (only browser-safe entries such as @pressroom/contracts/constants).
  // The video studio plays libs/video's timeline composition, whose own imports of react and remotion would
  // resolve to libs/video's copies: dedupe makes them this app's single React and Remotion (one context).
  resolve: { conditions: ['source', ...defaultClientConditions], dedupe: ['react', 'react-dom', 'remotion'] },
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, sourcemap: false },
  server: { proxy: { '^/(?!app/).*': 'http://localhost:8080' } },
});
