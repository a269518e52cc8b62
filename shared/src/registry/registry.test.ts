import { afterEach, expect, test, vi } from 'vitest'
import { entryProblem, inspectRegistry, parseRegistry } from './registry'
import { TEST_REGISTRY as GOOD } from '../testing/testing'

afterEach(() => vi.restoreAllMocks())

test('parseRegistry keeps a well-formed entry with its previous pointer and available versions', () => {
  expect(parseRegistry(GOOD)).toEqual(GOOD)
})

test('parseRegistry drops malformed entries and keeps the good ones', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const registry = parseRegistry({
    remotes: {
      ...GOOD.remotes,
      mf_loan: { version: '', entry: '/remotes/mf_loan/1/mf-manifest.json' },
      mf_repay: { version: '1.0.0' },
      mf_complaint: 'nonsense',
      mf_bindcard: null,
      mf_promotion: { version: 1, entry: '/x' },
    },
  })
  expect(Object.keys(registry.remotes)).toEqual(['mf_site'])
  expect(console.warn).toHaveBeenCalledTimes(5)
})

test('parseRegistry: a missing or malformed previous becomes null; available keeps only version strings', () => {
  const registry = parseRegistry({
    remotes: {
      mf_loan: { version: '2.0.0', entry: '/remotes/mf-loan/2.0.0/mf-manifest.json' },
      mf_repay: {
        version: '3.0.0',
        entry: '/remotes/mf-repay/3.0.0/mf-manifest.json',
        previous: { version: '2.0.0' },
        available: ['2.0.0', '', 7, null, '3.0.0'],
      },
      mf_site: { version: '1.0.0', entry: '/remotes/mf-site/1.0.0/mf-manifest.json', available: 'all' },
    },
  })
  expect(registry.remotes.mf_loan).toEqual({
    version: '2.0.0',
    entry: '/remotes/mf-loan/2.0.0/mf-manifest.json',
    previous: null,
    available: [],
  })
  expect(registry.remotes.mf_repay.previous).toBeNull()
  expect(registry.remotes.mf_repay.available).toEqual(['2.0.0', '3.0.0'])
  expect(registry.remotes.mf_site.available).toEqual([])
})

test.each([[null], [undefined], ['registry'], [42], [[]], [{}], [{ remotes: null }], [{ remotes: 'x' }]])(
  'parseRegistry of %j is an empty registry',
  (raw) => {
    expect(parseRegistry(raw)).toEqual({ remotes: {} })
  },
)

test('inspectRegistry names the remotes it lists with an entry it cannot use, apart from those it does not list', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const read = inspectRegistry({
    remotes: { ...GOOD.remotes, mf_repay: { version: '1.0.0' }, mf_loan: null, 'Not A Remote': {} },
  })
  expect(read).toEqual({ registry: GOOD, malformed: ['mf_repay', 'mf_loan'] })
})

test.each([[{}], [{ remotes: {} }]])('inspectRegistry of %j is a registry that lists nothing', (raw) => {
  expect(inspectRegistry(raw)).toEqual({ registry: { remotes: {} }, malformed: [] })
})

test.each([
  [null],
  [undefined],
  ['registry'],
  [42],
  [[]],
  [{ remotes: null }],
  [{ remotes: 'x' }],
  [{ remotes: [] }],
])('inspectRegistry of %j: no registry at all', (raw) => {
  expect(inspectRegistry(raw)).toBeNull()
})

test('parseRegistry drops names that are no federation name, __proto__ included', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const entry = { version: '1.0.0', entry: '/remotes/x/1.0.0/mf-manifest.json' }
  const registry = parseRegistry(
    JSON.parse(
      `{"remotes":{"__proto__":${JSON.stringify(entry)},"Mf Site":${JSON.stringify(entry)},"mf_site":${JSON.stringify(entry)}}}`,
    ),
  )
  expect(Object.keys(registry.remotes)).toEqual(['mf_site'])
  expect(Object.getPrototypeOf(registry.remotes)).toBe(Object.prototype)
})

const OUTSIDE = [
  'https://cdn.evil.example/mf-site/mf-manifest.json',
  '//cdn.evil.example/remotes/mf-site/mf-manifest.json',
  '/\\cdn.evil.example/remotes/mf-site/mf-manifest.json',
  '/remotes/../registry.json',
  'remotes/mf-site/1/mf-manifest.json',
  'javascript:alert(1)',
]

test("an entry is the deployment's own only as a path under /remotes/ on its origin", () => {
  expect(entryProblem('/remotes/mf-site/1.0.0-a/mf-manifest.json')).toBeNull()
  for (const url of OUTSIDE) expect(entryProblem(url), url).toMatch(/outside this deployment/)
})

test('an entry outside the deployment is read as malformed (never loaded); a previous outside it is dropped', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const own = (name: string) => `/remotes/${name}/1/mf-manifest.json`
  const read = inspectRegistry({
    remotes: {
      mf_site: { version: '1', entry: OUTSIDE[0] },
      mf_loan: { version: '1', entry: own('mf-loan'), previous: { version: '0', entry: OUTSIDE[1] } },
      mf_repay: { version: '1', entry: own('mf-repay') },
    },
  })
  expect(read?.malformed).toEqual(['mf_site'])
  expect(Object.keys(read?.registry.remotes ?? {})).toEqual(['mf_loan', 'mf_repay'])
  expect(read?.registry.remotes.mf_loan.previous).toBeNull()
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('ignoring mf_site: its entry'))
  warn.mockRestore()
})

test('a canary is kept with its entry; one that cannot be used is dropped and the entry kept (ADR 0058)', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const base = GOOD.remotes.mf_site
  const canary = {
    version: '9.9.9',
    entry: '/remotes/mf-site/9.9.9/mf-manifest.json',
    percent: 25,
    since: 1,
    stepSince: 2,
  }
  expect(parseRegistry({ remotes: { mf_site: { ...base, canary } } }).remotes.mf_site).toEqual({
    ...base,
    canary,
  })
  for (const bad of [
    { ...canary, percent: 100 },
    { ...canary, percent: 0 },
    { ...canary, entry: 'https://evil.example/mf-manifest.json' },
    { ...canary, since: 'yesterday' },
    'half',
  ]) {
    expect(parseRegistry({ remotes: { mf_site: { ...base, canary: bad } } }).remotes.mf_site).toEqual(base)
  }
})
