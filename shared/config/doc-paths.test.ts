import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, expect, test } from 'vitest'
import { docPathProblems, looksLikePath } from './doc-paths'

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
/** The spec, DESIGN.md and STYLE.md: beside the repository on the team's machines, absent from a clone. */
const SIBLING = join(REPO, '..', 'shared')

const named = (outside: boolean) =>
  docPathProblems(REPO)
    .filter((p) => p.outside === outside)
    .map((p) => `${p.file}:${p.line} \`${p.path}\``)

test('every backticked path in a README or under docs/ names something in the repository', () => {
  expect(named(false)).toEqual([])
})

// A clone holds the repository only: the docs' paths into ../shared are checked where that folder is beside it.
test.skipIf(!existsSync(SIBLING))(
  'every backticked path into ../shared names something there (skipped without ../shared beside the repository)',
  () => {
    expect(named(true)).toEqual([])
  },
)

test('a path, a folder and a package module read as paths; routes, URLs, hosts, globs and npm modules do not', () => {
  const top = new Set(['shared', 'mf-loan', 'docs'])
  for (const text of ['shared/format', 'mf-loan/README.md', 'src/app/app.tsx', 'boot/', '../x/y.ts']) {
    expect(looksLikePath(text, top), text).toBe(true)
  }
  for (const text of [
    '/repay',
    'https://example.com/a.js',
    'partners.example.ph/continue',
    './app',
    'react-dom/client',
    'mf-*/src',
    'n/a',
    'pnpm bench:load',
    '<remote>/src/app.tsx',
  ]) {
    expect(looksLikePath(text, top), text).toBe(false)
  }
})

let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function tree(files: Record<string, string>) {
  dir = mkdtempSync(join(tmpdir(), 'doc-paths-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  return dir
}

test('a stale name is reported with its document and line; what exists, a module or a build output is not', () => {
  const root = tree({
    'README.md': 'See `docs/guide.md`, `shared/format` and `../no-such-sibling/DESIGN.md`.\n',
    'docs/guide.md': [
      '# Guide',
      'The helper is `shared/src/http/http.ts`; every remote has `src/mocks/handlers.ts`.',
      'Gone: `shared/src/http/old.ts`. Built: `mf-loan/dist/remoteEntry.js`.',
      '```sh',
      'cat `shared/in-a-fence.ts`',
      '```',
    ].join('\n'),
    'shared/package.json': JSON.stringify({ exports: { './format': './src/format/format.ts' } }),
    'shared/src/format/format.ts': '',
    'shared/src/http/http.ts': '',
    'mf-loan/package.json': '{}',
    'mf-loan/src/mocks/handlers.ts': '',
    'mf-loan/README.md': 'Its own `src/mocks/handlers.ts`; not `src/components/order-ids.ts`.\n',
  })
  expect(docPathProblems(root)).toEqual([
    { file: 'README.md', line: 1, path: '../no-such-sibling/DESIGN.md', outside: true },
    { file: 'docs/guide.md', line: 3, path: 'shared/src/http/old.ts', outside: false },
    { file: 'mf-loan/README.md', line: 1, path: 'src/components/order-ids.ts', outside: false },
  ])
})

/**
 * The rule of `docs/decisions/README.md` (issue #43, item 2), held for whoever writes the next ADR: a decision
 * reads in one sitting (Context / Decision / Consequences, under 600 words, measurements in `docs/perf/`), and
 * the index lists it, so what is in force and what is superseded reads in one place.
 */

const DECISIONS = join(REPO, 'docs', 'decisions')
const WORD_LIMIT = 600
const ADR_FILE = /^\d{4}-[a-z0-9-]+\.md$/
const HEADINGS = ['Context', 'Decision', 'Consequences']

/** Words as `wc -w` counts them: runs of anything but white space. */
function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length
}

/** A relative markdown link's file (its anchor dropped); null for a URL or an anchor in the same file. */
function linkedFile(target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) return null
  return target.split('#')[0]
}

/** What breaks the rule in a decisions folder, one line each: the ADR, then what is wrong with it. */
function decisionProblems(dir: string): string[] {
  const problems: string[] = []
  const index = readFileSync(join(dir, 'README.md'), 'utf8')
  const listed = new Set([...index.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => linkedFile(m[1])))
  const adrs = readdirSync(dir)
    .filter((name) => ADR_FILE.test(name))
    .sort()
  for (const name of adrs) {
    const text = readFileSync(join(dir, name), 'utf8')
    const words = wordCount(text)
    if (words >= WORD_LIMIT) {
      problems.push(`${name}: ${words} words (under ${WORD_LIMIT}; measurements go to docs/perf/)`)
    }
    if (!/^Status: \S/m.test(text)) problems.push(`${name}: no "Status:" line`)
    const at = HEADINGS.map((heading) => text.search(new RegExp(`^## ${heading}\\s*$`, 'm')))
    HEADINGS.forEach((heading, i) => {
      if (at[i] < 0) problems.push(`${name}: no "## ${heading}" heading`)
    })
    if (at.every((i) => i >= 0) && !(at[0] < at[1] && at[1] < at[2])) {
      problems.push(`${name}: its headings are not in the order ${HEADINGS.join(' / ')}`)
    }
    if (!listed.has(name)) problems.push(`${name}: not listed in README.md`)
    for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const file = linkedFile(match[1])
      if (file && !existsSync(join(dir, file))) {
        problems.push(`${name}: links ${match[1]}, which does not exist`)
      }
    }
  }
  for (const file of listed) {
    if (file && !existsSync(join(dir, file))) problems.push(`README.md: links ${file}, which does not exist`)
  }
  return problems
}

test('every ADR is Context / Decision / Consequences under 600 words, with a status, in the index', () => {
  expect(decisionProblems(DECISIONS)).toEqual([])
})

/** A temporary repository's decisions folder, from `tree`. */
const folder = (files: Record<string, string>) => join(tree(files), 'docs', 'decisions')

const adr = (title: string, body = 'Why.') =>
  `# ${title}\n\nStatus: accepted · Date: 2026-11-27\n\n## Context\n\n${body}\n\n## Decision\n\nWhat.\n\n## Consequences\n\nSo.\n`

test('a long ADR, a missing heading or status, one out of the index and a dead link are each named', () => {
  const root = folder({
    'docs/decisions/README.md': [
      '| [0001](0001-short.md) | accepted |',
      '| [0002](0002-long.md) | accepted |',
      '| [0003](0003-no-consequences.md) | accepted |',
      '| [0005](0005-gone.md) | accepted |',
    ].join('\n'),
    'docs/decisions/0001-short.md': adr('0001 Short', 'See [the figures](../perf/short.md#runs).'),
    'docs/perf/short.md': '# Figures\n',
    'docs/decisions/0002-long.md': adr('0002 Long', 'word '.repeat(WORD_LIMIT)),
    'docs/decisions/0003-no-consequences.md': adr('0003 No consequences')
      .replace('## Consequences', '## Measured')
      .replace(/^Status:.*$/m, 'Accepted.'),
    'docs/decisions/0004-unlisted.md': adr('0004 Unlisted', 'Like [0009](0009-missing.md).'),
  })
  const long = wordCount(readFileSync(join(root, '0002-long.md'), 'utf8'))
  expect(decisionProblems(root)).toEqual([
    `0002-long.md: ${long} words (under 600; measurements go to docs/perf/)`,
    '0003-no-consequences.md: no "Status:" line',
    '0003-no-consequences.md: no "## Consequences" heading',
    '0004-unlisted.md: not listed in README.md',
    '0004-unlisted.md: links 0009-missing.md, which does not exist',
    'README.md: links 0005-gone.md, which does not exist',
  ])
})

test('headings out of order are named; an ADR of 599 words passes', () => {
  const shuffled = adr('0001 Shuffled').replace('## Context', '## Tmp').replace('## Decision', '## Context')
  const filler = 'word '.repeat(WORD_LIMIT - 1 - wordCount(adr('0002 Just under', '')))
  const root = folder({
    'docs/decisions/README.md': '[0001](0001-shuffled.md) [0002](0002-just-under.md)',
    'docs/decisions/0001-shuffled.md': shuffled.replace('## Tmp', '## Decision'),
    'docs/decisions/0002-just-under.md': adr('0002 Just under', filler),
  })
  expect(wordCount(readFileSync(join(root, '0002-just-under.md'), 'utf8'))).toBe(WORD_LIMIT - 1)
  expect(decisionProblems(root)).toEqual([
    '0001-shuffled.md: its headings are not in the order Context / Decision / Consequences',
  ])
})
