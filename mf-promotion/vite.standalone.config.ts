import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { entryWatchdog } from '../shared/config/entry-watchdog.ts'
import { retryImports } from '../shared/config/retry-imports.ts'
import { standalonePage } from '../shared/config/standalone-page.ts'
import { BUILD_TARGET, supportFloorCheck } from '../shared/config/support-floor.ts'

/**
 * The standalone deployment for ad links (docs/decisions/0017): the page `pnpm dev` serves, built as a plain
 * React app (its own React, no federation: there is no shell to provide either) into `dist/standalone/`, so a
 * release publishes it inside the remote's version folder and a rollback brings it back with the remote.
 */
export default defineConfig({
  base: './',
  // As the shell's page: chunks load through the loader that retries a failed download, and the entry is
  // watched (a failed download of it shows a Reload screen), and nothing beyond the support floor ships.
  plugins: [
    react(),
    standalonePage({ remote: 'mf_promotion', route: '/promotion' }),
    retryImports(),
    entryWatchdog(),
    supportFloorCheck('the promotion standalone page'),
  ],
  build: { outDir: 'dist/standalone', emptyOutDir: true, target: BUILD_TARGET, modulePreload: false },
})
