import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, expect, test } from 'vitest'
import { assumedDefaults, testNames, untestedDefaults } from './api-assumptions'

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

test('every default docs/api-assumptions.md names for a missing field has its test', () => {
  expect(untestedDefaults(REPO)).toEqual([])
})

const DOC = [
  '# What we assumed',
  '',
  '## Rules for every call',
  '',
  '| what | assumed | if otherwise |',
  '| ---- | ------- | ------------ |',
  '| `null` vs missing | The same | Both take the default. |',
  '',
  '## mf-repay',
  '',
  '| call | field | spec says | if otherwise |',
  '| ---- | ----- | --------- | ------------ |',
  '| `POST /v3/a` | `amount` | amount | Words as sent; nothing when missing. |',
  '| | `isOn`, `isOff` | flags | 0, missing: off. |',
  '| | `kind` | enum | Unknown: the default, logged once. |',
  '| legacy `way` | `repayDate` | date | No date: the line is left out. |',
  "| get-sms, register | `message` | message | Blank: the default; no answer: 'error'. |",
  '| | required flag | not in the spec | Absent or unreadable: optional. |',
  '| | `options[]` `{ title, value }` | options | An option without a value is dropped. |',
  '',
  '## Shell and shared',
  '',
  '| call | field | assumed | if otherwise |',
  '| ---- | ----- | ------- | ------------ |',
  '| Deploy settings | `name` | text | Missing: the default name. |',
].join('\n')

test('a row names a default for a missing field when it speaks of a missing, absent or blank one, or "No <field>:"', () => {
  expect(
    assumedDefaults(DOC).map(({ line, packages, calls, field }) => ({ line, packages, calls, field })),
  ).toEqual([
    { line: 13, packages: ['mf-repay'], calls: ['POST /v3/a'], field: 'amount' },
    // A continuation row is the call above's; each backticked field is its own.
    { line: 14, packages: ['mf-repay'], calls: ['POST /v3/a'], field: 'isOn' },
    { line: 14, packages: ['mf-repay'], calls: ['POST /v3/a'], field: 'isOff' },
    { line: 16, packages: ['mf-repay'], calls: ['way'], field: 'repayDate' },
    // Calls without backticks are the cell's words; a test may quote either.
    { line: 17, packages: ['mf-repay'], calls: ['get-sms', 'register'], field: 'message' },
    // A field without backticks is the cell's words.
    { line: 18, packages: ['mf-repay'], calls: ['get-sms', 'register'], field: 'required flag' },
    { line: 25, packages: ['shell', 'shared'], calls: ['Deploy settings'], field: 'name' },
  ])
})

test("test names are read from test(…) and test.each(…)(…), over lines and in either quote; a skipped test's is not", () => {
  const source = [
    "test('missing POST /v3/a amount: nothing', () => {})",
    'test.each(ABSENT)(',
    '  "missing get-sms message (%s): the call\'s default",',
    '  async () => {},',
    ')',
    "it.each<[string, number]>([['a', 1]])('missing `way` repayDate %s', () => {})",
    "test.skip('missing POST /v3/a isOn: off', () => {})",
    "test.todo('missing POST /v3/a isOff')",
  ].join('\n')
  expect(testNames(source)).toEqual([
    'missing POST /v3/a amount: nothing',
    "missing get-sms message (%s): the call's default",
    'missing `way` repayDate %s',
  ])
})

let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function tree(files: Record<string, string>) {
  dir = mkdtempSync(join(tmpdir(), 'api-assumptions-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  return dir
}

test("a row's field without a test in its own package's api-assumptions test file is reported by its line", () => {
  const root = tree({
    'docs/api-assumptions.md': DOC,
    'mf-repay/src/api/api-assumptions.test.tsx': [
      "test.each(ABSENT)('missing POST /v3/a amount (%s): nothing', () => {})",
      "test('missing POST /v3/a isOn: off', () => {})",
      "test('missing register message: the default', () => {})",
      "test('missing get-sms required flag: optional', () => {})",
    ].join('\n'),
    // Another file name is not searched.
    'mf-repay/src/screens/other.test.tsx': "test('missing POST /v3/a isOff: off', () => {})",
    // Another package's test does not cover mf-repay's row.
    'mf-loan/src/api/api-assumptions.test.ts': "test('missing way repayDate: left out', () => {})",
    'shared/src/host/api-assumptions.test.ts': "test('missing Deploy settings name: the default', () => {})",
  })
  expect(untestedDefaults(root)).toEqual([
    'docs/api-assumptions.md:14 isOff ("0, missing: off."): no test named \'missing POST /v3/a isOff\' ' +
      "in mf-repay's src/**/api-assumptions.test.ts(x)",
    'docs/api-assumptions.md:16 repayDate ("No date: the line is left out."): no test named ' +
      "'missing way repayDate' in mf-repay's src/**/api-assumptions.test.ts(x)",
  ])
})
