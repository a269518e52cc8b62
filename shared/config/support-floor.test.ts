import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ESLint, type Linter } from 'eslint'
import { build } from 'vite'
import { afterEach, expect, test } from 'vitest'
import { BUILD_TARGET, floorProblems, ROOT_DIR, supportFloorCheck } from './support-floor.ts'

/*
 * The support floor's two checks, run on fixtures so that neither can quietly stop checking: the lint rule
 * each package that ships to phones runs on its sources, and the check every build runs on its output.
 */

/** Built-ins iOS Safari added in 15.4, two releases above the floor's 15.0. */
const BEYOND_FLOOR = `export const own = (o, k) => Object.hasOwn(o, k)
export const copy = (o) => structuredClone(o)
export const lastEven = (xs) => xs.findLast((x) => x % 2 === 0)
`
/** The same, in forms every engine of the floor has. */
const WITHIN_FLOOR = `export const own = (o, k) => Object.prototype.hasOwnProperty.call(o, k)
export const copy = (o) => JSON.parse(JSON.stringify(o))
export const lastEven = (xs) => xs.filter((x) => x % 2 === 0).pop()
`

let dirs: string[] = []
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  dirs = []
})
function fixtureDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'support-floor-'))
  dirs.push(dir)
  for (const [name, code] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true })
    writeFileSync(join(dir, name), code)
  }
  return dir
}

/** compat/compat messages for `code` as `file` of package `pkg`, linted with that package's own eslint.config.js. */
async function compatProblems(pkg: string, file: string, code: string): Promise<string[]> {
  const cwd = join(ROOT_DIR, pkg)
  const config = (await import(join(cwd, 'eslint.config.js'))) as { default: Linter.Config[] }
  const eslint = new ESLint({ cwd, overrideConfigFile: true, overrideConfig: config.default })
  const [result] = await eslint.lintText(code, { filePath: join(cwd, file) })
  return result.messages.filter((m) => m.ruleId === 'compat/compat').map((m) => m.message)
}

const SHIPPING = [
  'shared',
  'shell',
  'mf-site',
  'mf-loan',
  'mf-repay',
  'mf-complaint',
  'mf-bindcard',
  'mf-promotion',
]

test('the build targets the floor read from the root .browserslistrc', () => {
  expect(BUILD_TARGET).toEqual(['chrome90', 'edge90', 'firefox115', 'ios15', 'safari15'])
})

test.each(SHIPPING)(
  '%s: the lint refuses a source that calls a built-in beyond the floor',
  async (pkg) => {
    // An instance method (`xs.findLast`) on a value of unknown type is beyond a linter: es-check finds it in the build.
    expect(await compatProblems(pkg, 'src/floor-fixture.js', BEYOND_FLOOR)).toEqual([
      expect.stringMatching(/^Object\.hasOwn\(\) is not supported in .*iOS Safari 15\.0-15\.1/),
      expect.stringMatching(/^structuredClone is not supported in .*iOS Safari 15\.0-15\.1/),
    ])
    expect(await compatProblems(pkg, 'src/floor-fixture.js', WITHIN_FLOOR)).toEqual([])
  },
  30_000,
)

test('tests, demo handlers and Node packages are not held to the floor', async () => {
  expect(await compatProblems('mf-loan', 'src/floor-fixture.test.js', BEYOND_FLOOR)).toEqual([])
  expect(await compatProblems('mf-promotion', 'src/mocks/floor-fixture.js', BEYOND_FLOOR)).toEqual([])
  expect(await compatProblems('deploy', 'src/floor-fixture.js', BEYOND_FLOOR)).toEqual([])
}, 30_000)

test('es-check names each built file and the built-ins in it that the floor lacks', () => {
  const dir = fixtureDir({ 'assets/beyond.js': BEYOND_FLOOR, 'assets/within.js': WITHIN_FLOOR })
  const problems = floorProblems(dir, ['**/*.js'])
  expect(problems).toEqual([{ file: 'assets/beyond.js', problem: expect.any(String) }])
  expect(problems[0].problem).toMatch(/ObjectHasOwn/)
  expect(problems[0].problem).toMatch(/ArrayFindLast/)
  expect(problems[0].problem).toMatch(/safari_ios 15\.0 requires 15\.4/)
})

/** A real Vite build of `entry` with the floor's target and check, as every remote, the shell and the standalone page build. */
async function buildWithCheck(entry: string): Promise<void> {
  const root = fixtureDir({ 'src/main.js': entry })
  await build({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [supportFloorCheck('the fixture')],
    build: {
      target: BUILD_TARGET,
      outDir: 'dist',
      lib: { entry: 'src/main.js', formats: ['es'], fileName: 'main' },
    },
  })
}

test('a build whose output uses a built-in beyond the floor is refused, naming the file and the feature', async () => {
  await expect(buildWithCheck(BEYOND_FLOOR)).rejects.toThrow(
    /The build of the fixture uses what phones at the support floor .* lack:\n {2}main\.m?js: .*ObjectHasOwn.*safari_ios 15\.0 requires 15\.4/s,
  )
  await expect(buildWithCheck(WITHIN_FLOOR)).resolves.toBeUndefined()
}, 60_000)
