import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { indexHtml } from '../../../shared/config/index-html.ts'
import { retryImports } from '../../../shared/config/retry-imports.ts'
import { firstCallScript } from '../../../shared/config/vite-first-call.ts'
import { BUILD_TARGET } from '../../../shared/config/support-floor.ts'

const root = fileURLToPath(new URL('.', import.meta.url))

/**
 * The shell's own page (shell/index.html) with this app's entry, and an empty icon: the deploy gives the
 * shell's pages their icons, and nothing gives this app's, which would otherwise ask for /favicon.ico.
 */
function shellPage(): string {
  const shell = readFileSync(fileURLToPath(new URL('../../../shell/index.html', import.meta.url)), 'utf8')
  const page = shell
    .replace(' src="/src/main.tsx"', ' src="./main.tsx"')
    .replace('    <title>', '    <link rel="icon" href="data:," />\n    <title>')
  if (!page.includes('"./main.tsx"') || !page.includes('"data:,"')) {
    throw new Error('shell/index.html has no longer the entry and the title this page is made from')
  }
  return page
}

/** The same pages as the deployed shell + remotes, built as one code-split app without Module Federation. */
export default defineConfig({
  root,
  base: '/',
  // As in the shell: the server inlines first-call.js into a page whose route declares first calls, and
  // chunks load through the loader that retries a failed download.
  plugins: [react(), indexHtml('shell-page', shellPage()), firstCallScript(), retryImports()],
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
