import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import browserslistToEsbuild from 'browserslist-to-esbuild'
import { runChecks } from 'es-check'
import type { Plugin } from 'vite'
import { outputCheck } from './output-check.ts'

/**
 * The support floor is declared once, in the repository's `.browserslistrc` (ADR 0045). Every build targets
 * it and every build's output is checked against it here, so nothing that reaches a borrower's phone needs an
 * engine newer than the floor.
 */
export const ROOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
export const BROWSERSLIST_FILE = join(ROOT_DIR, '.browserslistrc')

/**
 * `build.target` for every Vite build: the floor's oldest version of each engine (`['chrome90', 'edge90',
 * 'firefox115', 'ios15', 'safari15']`). Samsung Internet and Android WebView are Chromium and fold into
 * `chrome`. Read from the root wherever the build runs (each package builds in its own folder).
 */
export const BUILD_TARGET: string[] = browserslistToEsbuild(undefined, { path: ROOT_DIR })

export interface FloorProblem {
  /** The file, relative to the folder that was checked. */
  file: string
  /** es-check's words: the features, and which browser of the floor lacks each. */
  problem: string
}

/**
 * Syntax and built-ins in the JavaScript files matched by `globs` that an engine of the floor lacks: es-check
 * with the root browserslist, feature by feature against MDN's compatibility data.
 */
export function floorProblems(dir: string, globs: string[]): FloorProblem[] {
  const result = runChecks([
    {
      checkBrowser: true,
      checkFeatures: true,
      module: true,
      browserslistPath: BROWSERSLIST_FILE,
      files: globs.map((glob) => `${dir}/${glob}`),
      looseGlobMatching: true,
      noCache: true,
    },
  ])
  return result.errors.map((error) => ({
    file: relative(dir, error.file),
    problem: error.err.message.replace(/ These require a higher ES version.*$/s, ''),
  }))
}

/** The error a build or release stops with: each file and what in it the floor lacks. */
export function floorMessage(what: string, problems: FloorProblem[]): string {
  return [
    `${what} uses what phones at the support floor (.browserslistrc, docs/decisions/0045) lack:`,
    ...problems.map((p) => `  ${p.file}: ${p.problem}`),
    'Write it in a form every engine of the floor has, or polyfill it with core-js before the app loads.',
  ].join('\n')
}

/**
 * Fails the build when its output uses syntax or built-ins beyond the floor. Runs after the files are
 * written, on every JavaScript file of the output folder (the remote's entry, its chunks, the shell's
 * assets), so what a release publishes and what the shell serves are the files that were checked.
 */
export function supportFloorCheck(name: string): Plugin {
  return outputCheck('support-floor-check', (outDir) => {
    const problems = floorProblems(outDir, ['**/*.js', '**/*.mjs'])
    if (problems.length > 0) throw new Error(floorMessage(`The build of ${name}`, problems))
  })
}
