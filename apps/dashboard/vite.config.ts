import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// Served by the gateway under /app/ (services/gateway/src/routes/dashboard-routes.ts). The manifest lets the
// bundle-size test tell the entry chunks from the ones loaded on demand. video-player.html is a second entry: the
// sandboxed frame in which a code template's scene plays (docs/adr/0045), with none of the app's code.
export default defineConfig({
  base: '/app/',
  plugins: [react(), tailwindcss()],
  // Workspace packages resolve to their TypeScript sources (only browser-safe entries such as @pressroom/contracts/constants).
  // dedupe: libs/video's timeline composition (the studio's player) and scene module table (the code editor's
  // sandboxed player) import React and Remotion; they must be this app's single copies (one React, one Remotion
  // context), not libs/video's.
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    dedupe: ['react', 'react-dom', 'remotion', '@remotion/paths', 'zod'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    rolldownOptions: { input: { main: 'index.html', 'video-player': 'video-player.html' } },
  },
  server: { proxy: { '^/(?!app/).*': 'http://localhost:8080' } },
});
