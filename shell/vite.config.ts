import { existsSync, readFileSync } from 'node:fs'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { firstCallScript } from '../shared/config/vite-first-call.ts'

/**
 * The registry to bake in as the fallback for remotes the live registry cannot give (ADR 0015): whoever
 * builds the shell names the file (`deploy` passes its current registry as `SHELL_BAKED_REGISTRY`); a shell
 * built without one bakes in no remote. The shell itself knows nothing of deploy's folders.
 */
function bakedRegistry(file = process.env.SHELL_BAKED_REGISTRY): unknown {
  try {
    return file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { remotes: {} }
  } catch {
    return { remotes: {} }
  }
}

/**
 * A plain Vite app: the shell hosts remotes through `@module-federation/runtime`, imported on first use
 * (`src/remote/federation-runtime.ts`), so pages that render no remote never download it (ADR 0009).
 */
export default defineConfig({
  base: '/',
  define: { __BAKED_REGISTRY__: JSON.stringify(bakedRegistry()) },
  // first-call.js, which the server inlines into a page whose route declares first calls (ADR 0010).
  plugins: [react(), firstCallScript()],
  server: { port: 5100, strictPort: true },
  // The manifest tells the server which chunks a lazily loaded shell module needs (deploy/src/pages.ts).
  build: { target: 'es2022', manifest: true },
})
