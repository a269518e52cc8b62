import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'
import { outputCheck } from './output-check.ts'

/** The chunk of a federated build that maps each shared module to its local fallback (the plugin's name). */
const SHARED_MAP_CHUNK = /^_virtual_mf-localSharedImportMap.*\.js$/

/**
 * The shared modules a built remote's shared-module map leaves out of `shared`, read from the built files
 * in `outDir`; every one of them when the map is missing.
 */
export function missingSharedModules(outDir: string, shared: readonly string[]): string[] {
  const assets = join(outDir, 'assets')
  const file = readdirSync(assets).find((name) => SHARED_MAP_CHUNK.test(name))
  if (!file) return [...shared]
  const map = readFileSync(join(assets, file), 'utf8')
  // A key of the map as minified: quoted, or bare when it is an identifier (`react:`).
  const key = (name: string) => {
    const quoted = `"${name.replaceAll('.', '\\.')}"`
    return /^\w+$/.test(name) ? `(?:${name}|${quoted})` : quoted
  }
  const named = (name: string) => new RegExp(`[{,]${key(name)}:`).test(map)
  return shared.filter((name) => !named(name))
}

/**
 * Refuses a remote build whose federation glue does not name every module it shares: that remote would take
 * the module neither from the shell nor from its own copy in time, and its screens would fail as they render.
 */
export function sharedModulesCheck(name: string, shared: readonly string[]): Plugin {
  return outputCheck('shared-modules-check', (outDir) => {
    const missing = missingSharedModules(outDir, shared)
    if (missing.length > 0) {
      throw new Error(
        `The build of ${name} shares ${missing.join(', ')} in its configuration but not in its shared-module map: build it again`,
      )
    }
  })
}
