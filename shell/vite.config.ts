import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { federation } from '@module-federation/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { firstCallScript } from '../shared/config/vite-first-call.ts'
import { SHARED_REACT } from '../shared/config/vite-remote.ts'

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
 * The federation bootstrap (written by the plugin after the bundle) imports `hostInit`, then `pendingShares`,
 * then the app at run time, so the browser would discover `pendingShares` a round trip late (measured: one
 * extra serial wave on every route). List those chunks as modulepreloads in index.html.
 */
function preloadFederationBootstrap(): Plugin {
  return {
    name: 'preload-federation-bootstrap',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html']
      if (!html || html.type !== 'asset' || typeof html.source !== 'string') return
      const source = html.source
      const tags = Object.values(bundle)
        .filter((c) => c.type === 'chunk' && /^assets\/(hostInit|pendingShares)-/.test(c.fileName))
        .map((c) => `/${c.fileName}`)
        .filter((href) => !source.includes(href))
        .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)
      html.source = source.replace('</head>', `${tags.join('')}</head>`)
    },
  }
}

export default defineConfig({
  base: '/',
  define: { __BAKED_REGISTRY__: JSON.stringify(bakedRegistry()) },
  plugins: [
    react(),
    // first-call.js, which the server inlines into a page whose route declares first calls.
    firstCallScript(),
    preloadFederationBootstrap(),
    federation({
      name: 'shell',
      // No static remotes: they come from registry.json at runtime, so one offline remote cannot blank the app.
      remotes: {},
      shared: {
        react: { ...SHARED_REACT.react, eager: true },
        'react-dom': { ...SHARED_REACT['react-dom'], eager: true },
      },
      shareStrategy: 'loaded-first',
      dts: false,
      // One federation runtime on the page: remotes are built with `externalRuntime` and use this one.
      experiments: { provideExternalRuntime: true },
    }),
  ],
  server: { port: 5100, strictPort: true },
  // The manifest tells the server which chunks a lazily loaded shell screen needs (deploy/src/pages.ts).
  build: { target: 'es2022', manifest: true },
})
