import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { retryImports } from '../../../shared/config/retry-imports.ts'
import { firstCallScript } from '../../../shared/config/vite-first-call.ts'
import { BUILD_TARGET } from '../../../shared/config/support-floor.ts'

const root = fileURLToPath(new URL('.', import.meta.url))

/** The same pages as the deployed shell + remotes, built as one code-split app without Module Federation. */
export default defineConfig({
  root,
  base: '/',
  // As in the shell: the server inlines first-call.js into a page whose route declares first calls, and
  // chunks load through the loader that retries a failed download.
  plugins: [react(), firstCallScript(), retryImports()],
  resolve: { dedupe: ['react', 'react-dom'] },
  build: {
    target: BUILD_TARGET,
    // As in the shell: the server preloads a lazily loaded shell screen's chunk from the manifest.
    manifest: true,
    outDir: fileURLToPath(new URL('../.build/monolith', import.meta.url)),
    emptyOutDir: true,
  },
  logLevel: 'warn',
})
