import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { entryWatchdog } from '../shared/config/entry-watchdog.ts'
import { retryImports } from '../shared/config/retry-imports.ts'
import { firstCallScript } from '../shared/config/vite-first-call.ts'
import { BUILD_TARGET, supportFloorCheck } from '../shared/config/support-floor.ts'

/**
 * A plain Vite app: the shell hosts remotes through `@module-federation/runtime`, imported on first use
 * (`src/remote/federation-runtime.ts`), so pages that render no remote never download it (ADR 0009). Nothing
 * about remotes is built in: their versions come from the page and the live registry only (ADR 0023).
 */
export default defineConfig({
  base: '/',
  // first-call.js, which the server inlines into a page whose route declares first calls (ADR 0010); every
  // chunk loaded on demand (axios, toasts, screens) through the one loader that retries a failed download;
  // the page's entry watched, so a failed download of it shows a Reload screen (issue #30); the output
  // refused if it uses what phones at the support floor lack (ADR 0045).
  plugins: [react(), firstCallScript(), retryImports(), entryWatchdog(), supportFloorCheck('shell')],
  server: { port: 5100, strictPort: true },
  // The manifest tells the server which chunks a lazily loaded shell module needs (deploy/src/pages/page-preloads.ts).
  build: { target: BUILD_TARGET, manifest: true },
})
