import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/**
 * The standalone deployment for ad links (docs/decisions/0017): the page `pnpm dev` serves, built as a plain
 * React app (its own React, no federation: there is no shell to provide either) into `dist/standalone/`, so a
 * release publishes it inside the remote's version folder and a rollback brings it back with the remote.
 */
export default defineConfig({
  base: './',
  plugins: [react()],
  build: { outDir: 'dist/standalone', emptyOutDir: true, target: 'es2022', modulePreload: false },
})
