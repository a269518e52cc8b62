import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { firstCallScript } from '../shared/config/vite-first-call.ts'

const registryFile = fileURLToPath(new URL('../deploy/cdn/registry.json', import.meta.url))

/** The registry at build time becomes the fallback for a boot where /registry.json cannot be fetched. */
function bakedRegistry(): unknown {
  try {
    return existsSync(registryFile) ? JSON.parse(readFileSync(registryFile, 'utf8')) : { remotes: {} }
  } catch {
    return { remotes: {} }
  }
}

/**
 * A plain Vite app: the shell hosts remotes through `@module-federation/runtime`, imported on first use
 * (`src/boot/federation-runtime.ts`), so pages that render no remote never download it (ADR 0009).
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
