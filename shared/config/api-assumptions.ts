import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Every default `docs/api-assumptions.md` promises for a field the server leaves out has a test (issue #40,
 * item 2): the document said an extension answer without `success` is an extension while the parser read it
 * as none, and nothing noticed. A row's "if otherwise" cell that speaks of a missing, absent, blank or null
 * field, or has a clause "No <field>: …", names such a default; each field of that row needs a test whose
 * name contains `missing <call> <field>`, the call and field as the row writes them (without backticks), in
 * an `api-assumptions.test.ts(x)` under the `src/` of the package its section is named after (`## mf-repay`;
 * `## Shell and shared`: either). Run by `api-assumptions.test.ts`, so `pnpm validate` fails on a row
 * nobody tests.
 */

export const ASSUMPTIONS_DOC = 'docs/api-assumptions.md'

/** The "if otherwise" cell names what happens to a field the server left out. */
const DEFAULT_FOR_MISSING = [/\b(missing|absent|blank|null)\b/i, /(^|[.;] )No [\w ]+:/]

/** Folders not searched for test files. */
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  '.git',
  '.build',
  '.nginx',
  'cdn',
  'test-results',
  'e2e',
])

const TEST_FILE = /^api-assumptions\.test\.tsx?$/

export interface AssumedDefault {
  /** The line of the row in the document. */
  line: number
  /** The packages the row's section is named after (`mf-repay`; `shell`, `shared`), whose tests count. */
  packages: string[]
  /** The calls of the row (a continuation row: the row above's); a test may name any of them. */
  calls: string[]
  field: string
  /** The row's "if otherwise" cell. */
  otherwise: string
}

const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim())

const codeSpans = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1].trim())

/** The calls a call cell names: its backticked names, else its comma-separated words (`get-sms, register`). */
function callsOf(cell: string): string[] {
  const spans = codeSpans(cell)
  return spans.length > 0 ? spans : cell.split(',').map((part) => part.trim())
}

/** The fields a field cell names: its backticked names but a shape (`{ title, value }`), else its words. */
function fieldsOf(cell: string): string[] {
  const spans = codeSpans(cell).filter((span) => !span.startsWith('{'))
  return spans.length > 0 ? spans : [cell]
}

/** The rows of the document's per-call tables (first columns `call`, `field`) that name a missing field's default. */
export function assumedDefaults(markdown: string): AssumedDefault[] {
  const found: AssumedDefault[] = []
  let inCallTable = false
  let calls: string[] = []
  let packages: string[] = []
  markdown.split('\n').forEach((text, index) => {
    const heading = /^##\s+(.+)$/.exec(text)
    if (heading)
      packages = heading[1]
        .toLowerCase()
        .split(/\s*(?:,|\band\b)\s*/)
        .filter(Boolean)
    if (!text.trim().startsWith('|')) {
      inCallTable = false
      return
    }
    const cells = cellsOf(text)
    if (/^-+$/.test(cells[0] ?? '')) return
    if (cells[0] === 'call' && cells[1] === 'field') {
      inCallTable = true
      calls = []
      return
    }
    if (!inCallTable) return
    if (cells[0] !== '') calls = callsOf(cells[0])
    const otherwise = cells[cells.length - 1]
    if (!DEFAULT_FOR_MISSING.some((pattern) => pattern.test(otherwise))) return
    for (const field of fieldsOf(cells[1])) found.push({ line: index + 1, packages, calls, field, otherwise })
  })
  return found
}

/**
 * The names given to `test(…)` / `it(…)` and their `.each(…)` forms in a test file's source; a test that is
 * skipped or only planned (`.skip`, `.todo`) checks nothing and is left out.
 */
export function testNames(source: string): string[] {
  const call = /\b(?:test|it)((?:\.\w+)*)(?:<[^>]*>)?(?:\([^()]*\))?\(\s*(['"`])((?:\\.|(?!\2)[^\\])*)\2/g
  return [...source.matchAll(call)]
    .filter((match) => !/\.(skip|todo)\b/.test(match[1]))
    .map((match) => match[3].replace(/\\(.)/g, '$1'))
}

/** The `api-assumptions.test.ts(x)` files under the packages' `src/`, by package. */
function testFiles(root: string): Map<string, string[]> {
  const found = new Map<string, string[]>()
  const walk = (dir: string, files: string[]) => {
    for (const entry of readdirSync(dir)) {
      if (SKIPPED_DIRS.has(entry)) continue
      const full = join(dir, entry)
      if (statSync(full).isDirectory()) walk(full, files)
      else if (TEST_FILE.test(entry)) files.push(full)
    }
    return files
  }
  for (const name of readdirSync(root).sort()) {
    const src = join(root, name, 'src')
    if (!SKIPPED_DIRS.has(name) && existsSync(src) && statSync(src).isDirectory()) {
      found.set(name, walk(src, []).sort())
    }
  }
  return found
}

/** What a test for a row's field is named after (a test may quote any of the row's calls). */
export const expectedNames = (row: AssumedDefault) => row.calls.map((call) => `missing ${call} ${row.field}`)

/** The rows' fields of `docs/api-assumptions.md` that promise a default no test checks, as messages. */
export function untestedDefaults(root: string): string[] {
  const rows = assumedDefaults(readFileSync(join(root, ASSUMPTIONS_DOC), 'utf8'))
  const files = testFiles(root)
  const names = new Map(
    [...files].map(([name, paths]) => [name, paths.flatMap((path) => testNames(readFileSync(path, 'utf8')))]),
  )
  const namesFor = (row: AssumedDefault) => {
    const own = row.packages.filter((name) => names.has(name))
    return (own.length > 0 ? own : [...names.keys()]).flatMap((name) => names.get(name) ?? [])
  }
  return rows
    .filter((row) => {
      const tests = namesFor(row)
      return !expectedNames(row).some((expected) => tests.some((name) => name.includes(expected)))
    })
    .map(
      (row) =>
        `${ASSUMPTIONS_DOC}:${row.line} ${row.field} ("${row.otherwise}"): no test named ` +
        `'${expectedNames(row)[0]}' in ${row.packages.join(' or ') || 'any package'}'s ` +
        `src/**/api-assumptions.test.ts(x)`,
    )
}
