import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
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
