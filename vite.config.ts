import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Two client entries, never mixed: public pages load only `entry-islands` (and only when
// they render an island); the back office loads `entry-admin`. See
// docs/decisions/0002-documents-and-islands.md.
export default defineConfig({
  plugins: [react()],
  publicDir: false,
  build: {
    outDir: 'dist/client',
    manifest: true,
    assetsDir: 'assets',
    rollupOptions: {
      input: {
        islands: 'client/entry-islands.tsx',
        admin: 'client/entry-admin.tsx',
        styles: 'client/styles/site.css',
      },
    },
  },
  ssr: {
    // Bundled into the SSR build so the server never resolves client-only paths at runtime.
    noExternal: [],
  },
});
