import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { adminDevPage, playerEntryGuard } from './build/adminEntry';
import { stylesheetFirst } from './build/stylesheetFirst';

// The Go server serves the built app and the API on one origin; in
// development Vite proxies the API to it.
const api = 'http://127.0.0.1:8080';
const page = (name: string) => fileURLToPath(new URL(name, import.meta.url));

export default defineConfig({
  plugins: [react(), stylesheetFirst(), adminDevPage(), playerEntryGuard()],
  server: {
    // /wps carries the member websocket (/wps/ws) too; /sim and /play are
    // the game addresses the launch call answers, /inhouse our own games' API.
    // /admin/api is the back office's API (admin.html, src/admin/).
    proxy: { '/admin/api': api, '/wps': { target: api, ws: true }, '/lgw': api, '/icons': api, '/media': api, '/dev': api, '/sim': api, '/play': api, '/inhouse': api },
  },
  // Two pages: the player site (index.html) and the back office
  // (admin.html), whose code the player entry never reaches
  // (build/adminEntry.ts fails the build if it does).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 400,
    rolldownOptions: { input: { index: page('index.html'), admin: page('admin.html') } },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test-setup.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'bench/**'],
  },
});
