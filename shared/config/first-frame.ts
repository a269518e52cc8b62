import react from '@vitejs/plugin-react'
import { join, resolve } from 'node:path'
import { build, type Plugin, type ResolvedConfig } from 'vite'
import { FIRST_FRAME_MODULE, type FirstFrameRoute } from '../src/remote/first-frame.ts'

const ENTRY = 'virtual:first-frame-entry'

/**
 * Builds, after the remote's own build, its first-frame renderer (ADR 0018): one self-contained CommonJS file
 * (its own React, for Node) in the build's `.server/` dot folder, which a release publishes with the version
 * and no server sends to browsers. The release step requires it to write each route's first frame into the
 * route's page with the deployment's settings.
 */
export function emitFirstFrameRenderer(remote: string, routes: readonly FirstFrameRoute[]): Plugin {
  let config: ResolvedConfig
  return {
    name: 'first-frame-renderer',
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    async closeBundle() {
      if (routes.length === 0) return
      const root = config.root
      const outDir = resolve(root, config.build.outDir)
      const app = join(root, 'src/app/app.tsx')
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        mode: 'production',
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        plugins: [
          react(),
          {
            name: 'first-frame-entry',
            resolveId: (id) => (id === ENTRY ? `\0${ENTRY}` : null),
            load: (id) =>
              id === `\0${ENTRY}`
                ? [
                    `import * as app from ${JSON.stringify(app)}`,
                    `import { rootComponentOf } from 'shared/remote'`,
                    `import { createFirstFrameRenderer } from 'shared/remote/first-frame-render'`,
                    `export const { paths, renderFirstFrame, renderWithData } = createFirstFrameRenderer(${JSON.stringify(remote)}, rootComponentOf(app), ${JSON.stringify(routes)})`,
                  ].join('\n')
                : null,
          },
        ],
        ssr: { noExternal: true, target: 'node' },
        build: {
          ssr: true,
          outDir: join(outDir, FIRST_FRAME_MODULE, '..'),
          emptyOutDir: true,
          target: 'node20',
          minify: true,
          rollupOptions: {
            input: ENTRY,
            output: {
              format: 'cjs',
              entryFileNames: FIRST_FRAME_MODULE.split('/').pop(),
              codeSplitting: false,
            },
          },
        },
      })
    },
  }
}
