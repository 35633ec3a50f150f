import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// Served by the gateway under /app/ (services/gateway/src/routes/dashboard-routes.ts). The manifest lets the
// bundle-size test tell the entry chunks from the ones loaded on demand.
export default defineConfig({
  base: '/app/',
  plugins: [react(), tailwindcss()],
  // Workspace packages resolve to their TypeScript sources (only browser-safe entries such as @pressroom/contracts/constants).
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, sourcemap: false },
  server: { proxy: { '^/(?!app/).*': 'http://localhost:8080' } },
});
