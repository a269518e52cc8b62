import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { listFiles } from 'deploy/release'

/**
 * The release profile's change (issue #26, item 3): one line of mf-loan's source, a user-visible string that
 * survives minification, so the remote's built files change and its release gets a new version. It is made at
 * build time by a vite plugin, in the remote's build and in the monolith's alike, never in the source tree:
 * git stays clean, and a build or test running at the same time sees the sources as they are.
 *
 * Run as a script, it builds one of the two with the change:
 *   tsx perf/one-line-change.ts mf-loan <outDir>    (run in mf-loan/: the remote, as `pnpm build` builds it)
 *   tsx perf/one-line-change.ts monolith <outDir>   (run in e2e/: the monolithic benchmark build)
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export const CHANGE = {
  /** The remote released with the change (its package) and its federation name. */
  pkg: 'mf-loan',
  remote: 'mf_loan',
  file: join(ROOT, 'mf-loan', 'src', 'content', 'messages.ts'),
  /** The body of the "not released yet" message (MESSAGES.common.notAvailableBody), not shown on the measured screens. */
  from: "'It has not been released yet. Please check back later.'",
  to: "'It has not been released yet. Please check back soon.'",
} as const

/** The changed text as it appears in a built file (the minifier may pick either quote). */
export const CHANGED_TEXT = CHANGE.to.slice(1, -1)

/** The vite plugin that makes the change; the build fails when the line is not there (the source moved on). */
export function oneLineChange(): Plugin {
  let applied = false
  return {
    name: 'bench-one-line-change',
    enforce: 'pre',
    transform(code, id) {
      if (resolve(id.split('?')[0]) !== CHANGE.file) return null
      if (!code.includes(CHANGE.from)) {
        this.error(
          `${CHANGE.file} no longer has ${CHANGE.from}: pick another line for the release profile (e2e/perf/one-line-change.ts)`,
        )
      }
      applied = true
      return { code: code.replace(CHANGE.from, CHANGE.to), map: null }
    },
    buildEnd() {
      if (!applied) this.error(`${CHANGE.file} was not part of the build: the change was not made`)
    },
  }
}

/** True when a built JavaScript file under `dir` carries the changed text. */
export function carriesChange(dir: string): boolean {
  return listFiles(dir).some((f) => f.endsWith('.js') && readFileSync(f, 'utf8').includes(CHANGED_TEXT))
}

const TARGETS = {
  /** The remote, with its own vite config, as its package's `build` script runs it. */
  'mf-loan': {
    root: join(ROOT, 'mf-loan'),
    configFile: join(ROOT, 'mf-loan', 'vite.config.ts'),
    configLoader: 'runner',
  },
  /** The monolith, with its config (which sets its own root), as `buildMonolith` runs it. */
  monolith: {
    root: undefined,
    configFile: join(ROOT, 'e2e', 'perf', 'monolith', 'vite.config.ts'),
    configLoader: 'bundle',
  },
} as const

async function buildWithChange(target: keyof typeof TARGETS, outDir: string): Promise<void> {
  // As deploy/src/release/build.ts builds a remote (the runner loader prints a warning for every config otherwise).
  process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING = 'true'
  const { build } = await import('vite')
  const { root, configFile, configLoader } = TARGETS[target]
  await build({
    configFile,
    configLoader,
    ...(root ? { root } : {}),
    mode: 'production',
    logLevel: 'warn',
    plugins: [oneLineChange()],
    build: { outDir, emptyOutDir: true },
  })
  if (!existsSync(outDir) || !carriesChange(outDir)) {
    throw new Error(`the ${target} build in ${outDir} does not carry "${CHANGED_TEXT}"`)
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [target, outDir] = process.argv.slice(2)
  if (!(target in TARGETS) || !outDir) {
    console.error('usage: tsx perf/one-line-change.ts <mf-loan|monolith> <outDir>')
    process.exit(2)
  }
  buildWithChange(target as keyof typeof TARGETS, resolve(outDir)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
