import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { globSync } from 'tinyglobby'
import { configDefaults, defineConfig, type ViteUserConfig } from 'vitest/config'

/** What a package's unit tests are: its test files, wherever they are under the package. */
const TEST_FILES = ['**/*.test.{ts,tsx}']
const NOT_TESTS = [...configDefaults.exclude, '**/.tsbuild/**', '**/.build/**', '**/cdn/**']

/**
 * A file that replaces a module for its own tests (`vi.mock`, `vi.doMock`) or the clock (`setupFileClock`,
 * `vi.useFakeTimers`) needs a module graph of its own: a mock would leak into the next file, and modules that
 * keep a timer id from one fake clock (antd-mobile's toast) would clear another clock's timer with it.
 */
const NEEDS_OWN_GRAPH = /\bvi\.(mock|doMock|useFakeTimers)\(|\bsetupFileClock\(/

/** The package's test files that need a module graph of their own (paths from `root`, as vitest takes them). */
export function filesNeedingOwnGraph(root: string): string[] {
  return globSync(TEST_FILES, { cwd: root, ignore: NOT_TESTS })
    .filter((file) => NEEDS_OWN_GRAPH.test(readFileSync(join(root, file), 'utf8')))
    .sort()
}

/**
 * Every package's unit test configuration (ADR 0051). Test files share one module graph and one environment
 * per worker (`isolate: false`): loading jsdom, React, antd-mobile and the setup file again for each file was
 * most of a package's time (shared: 141 s isolated, 25 s shared). A file that mocks a module or the clock runs in
 * a graph of its own, as every file did before. What a page keeps for its lifetime (toasts, the once-a-page
 * warnings, performance marks) ends with each test (`setupTestUi`), so a file never depends on the ones before.
 */
export function unitTestConfig(
  root: string,
  {
    environment = 'jsdom',
    setupFiles = ['./vitest.setup.ts'],
  }: { environment?: 'jsdom' | 'node'; setupFiles?: string[] } = {},
): ViteUserConfig {
  const ownGraph = filesNeedingOwnGraph(root)
  return defineConfig({
    test: {
      environment,
      setupFiles,
      css: false,
      projects: [
        {
          extends: true,
          test: {
            name: 'one graph',
            include: TEST_FILES,
            exclude: [...NOT_TESTS, ...ownGraph],
            isolate: false,
            // Worker threads, where the isolated files below get child processes: a worker of one pool never
            // runs a file of the other, so a file run isolated never shares a page with this graph.
            pool: 'threads',
          },
        },
        ...(ownGraph.length
          ? [{ extends: true as const, test: { name: 'own graph', include: ownGraph, isolate: true } }]
          : []),
      ],
    },
  })
}
