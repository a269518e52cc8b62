import { federation } from '@module-federation/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin, type UserConfigExport } from 'vite'
import { SHARED_REACT_RANGE } from '../src/contract/contract.ts'
import { FIRST_CALLS_FILE, type FirstCalls } from '../src/http/first-call.ts'
import { demoApiPlugin } from './demo-api.ts'
import { retryImports } from './retry-imports.ts'
import { emitFirstFrameRenderer } from './first-frame.ts'
import type { FirstFrameRoute } from '../src/remote/first-frame.ts'
import { BUILD_TARGET, supportFloorCheck } from './support-floor.ts'
import { sharedModulesCheck } from './shared-modules.ts'
import { HEAD_FILE, type RemoteHead } from '../src/remote/head.ts'
import type { RemoteName } from '../src/routes/route-table.ts'
import { standalonePage } from './standalone-page.ts'

/**
 * Packages shared through Module Federation: React only, one copy, provided by the shell, which offers these
 * four modules (shell/src/remote/federation-runtime.ts). Each is named: the plugin adds a subpath it was not
 * given (`react/jsx-runtime`) only when the build meets its import, which a build under load sometimes did after
 * writing the remote's shared-module map, and that remote's screens then rendered before React's JSX runtime
 * was bound ("r is not a function"). `sharedModulesCheck` refuses such a build.
 */
export const SHARED_REACT = {
  react: { singleton: true, requiredVersion: SHARED_REACT_RANGE },
  'react/jsx-runtime': { singleton: true, requiredVersion: SHARED_REACT_RANGE },
  'react-dom': { singleton: true, requiredVersion: SHARED_REACT_RANGE },
  'react-dom/client': { singleton: true, requiredVersion: SHARED_REACT_RANGE },
} as const

export interface RemoteOptions {
  /** Federation name, e.g. `mf_site` for package `mf-site`. */
  name: RemoteName
  /** Dev server port for standalone work. */
  port: number
  /** The read each route's screen makes as it mounts (see shared/src/http/first-call.ts). */
  firstCalls?: FirstCalls
  /**
   * The routes whose first frame the release writes into their pages (ADR 0018): those whose first render is
   * the same for every borrower (a static page, a screen's loading state). A route left out paints when its
   * code has run, as before. A route whose screen is chosen by the hash lists the hash routes its frame is
   * also the screen of (ADR 0049).
   */
  firstFrames?: readonly FirstFrameRoute[]
  /** Its public routes' descriptions, which the release writes into their pages (ADR 0031). */
  head?: RemoteHead
  /** The route its standalone page also serves in production (see `standalonePage`). */
  standaloneRoute?: string
}

/** A JSON file beside the manifest, which the release step reads from the version folder. */
function emitJson(fileName: string, value: unknown): Plugin {
  return {
    name: `emit-${fileName}`,
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: JSON.stringify(value) })
    },
  }
}

/**
 * The build every remote uses: one exposed module `./app`, relative base so a release can live in any
 * versioned folder, a manifest the shell registers, the routes' first calls, no type generation; and its
 * standalone page (`index.html`, the dev server's page).
 */
export function remoteConfig({
  name,
  port,
  firstCalls = {},
  firstFrames = [],
  head = {},
  standaloneRoute,
}: RemoteOptions): UserConfigExport {
  return defineConfig(({ command }) => ({
    base: './',
    plugins: [
      react(),
      standalonePage({ remote: name, route: standaloneRoute }),
      demoApiPlugin(),
      emitJson(FIRST_CALLS_FILE, firstCalls),
      emitJson(HEAD_FILE, head),
      emitFirstFrameRenderer(name, firstFrames),
      // Every chunk loaded on demand (overlays, lazy screens) through the loader that retries a failed download.
      retryImports(),
      // The dev server is the standalone page (a plain React app with its own React); only the build is a
      // federated remote. Built remotes use the shell's federation runtime instead of shipping their own.
      command === 'build' &&
        federation({
          name,
          filename: 'remoteEntry.js',
          manifest: true,
          exposes: { './app': './src/app/app.tsx' },
          shared: SHARED_REACT,
          shareStrategy: 'loaded-first',
          dts: false,
          experiments: { externalRuntime: true },
        }),
      // A build beyond the support floor is refused before `pnpm release` can publish it (ADR 0045).
      supportFloorCheck(name),
      sharedModulesCheck(name, Object.keys(SHARED_REACT)),
    ],
    server: { port, strictPort: true, origin: `http://localhost:${port}` },
    preview: { port },
    build: { target: BUILD_TARGET, modulePreload: false },
  }))
}
