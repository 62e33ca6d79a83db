import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { stylesheetFirst } from './build/stylesheetFirst';

// The Go server serves the built app and the API on one origin; in
// development Vite proxies the API to it.
const api = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), stylesheetFirst()],
  server: {
    // /wps carries the member websocket (/wps/ws) too; /sim and /play are
    // the game addresses the launch call answers, /inhouse our own games' API.
    proxy: { '/wps': { target: api, ws: true }, '/lgw': api, '/icons': api, '/media': api, '/dev': api, '/sim': api, '/play': api, '/inhouse': api },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 400 },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test-setup.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'bench/**'],
  },
});
