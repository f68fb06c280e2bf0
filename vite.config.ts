import { readdirSync } from 'node:fs';
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
    rolldownOptions: {
      input: {
        islands: 'client/entry-islands.tsx',
        admin: 'client/entry-admin.tsx',
        // Inlined, not linked: server/ssr/assets.ts picks per document the base, the site's
        // shared rules and the page sheets its route lists (decision 0023).
        base: 'client/styles/base.css',
        styles: 'client/styles/site.css',
        ...Object.fromEntries(
          readdirSync('client/styles/pages')
            .filter((file) => file.endsWith('.css'))
            .map((file) => [`page-${file.replace(/\.css$/, '')}`, `client/styles/pages/${file}`]),
        ),
      },
      output: {
        // React is shared by the islands and the back office: one long-cached chunk with a
        // name a reader recognises in the network panel.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
});
