import { resolve } from 'node:path'
import type { Plugin } from 'vite'

/**
 * A build check of the files a build wrote: `check` reads the output folder once the bundle is closed (after
 * every other plugin's output) and throws to fail the build, so what a release publishes is what was checked.
 */
export function outputCheck(name: string, check: (outDir: string) => void): Plugin {
  let outDir = ''
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      handler: () => check(outDir),
    },
  }
}
