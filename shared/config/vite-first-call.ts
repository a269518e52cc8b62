import { fileURLToPath } from 'node:url'
import { build, type Plugin, type Rolldown } from 'vite'
import { FIRST_CALL_SCRIPT } from '../src/http/first-call.ts'
import { BUILD_TARGET } from './support-floor.ts'

const ENTRY = fileURLToPath(new URL('../src/http/first-call-boot.ts', import.meta.url))

/**
 * Emits `first-call.js`, a self-contained classic script (shared/src/http/first-call-boot.ts bundled on its
 * own): the server writes it inline into a page whose route declares first calls, so they
 * are sent while the page's modules download.
 */
export function firstCallScript(): Plugin {
  return {
    name: 'first-call-script',
    apply: 'build',
    async generateBundle() {
      const result = await build({
        configFile: false,
        publicDir: false,
        logLevel: 'warn',
        build: {
          write: false,
          target: BUILD_TARGET,
          minify: true,
          lib: { entry: ENTRY, formats: ['iife'], name: 'loanFirstCall', fileName: () => FIRST_CALL_SCRIPT },
        },
      })
      const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[]
      const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk')
      if (!chunk || chunk.type !== 'chunk') throw new Error('first-call.js: the bundle produced no script')
      this.emitFile({ type: 'asset', fileName: FIRST_CALL_SCRIPT, source: chunk.code })
    },
  }
}
