import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import type { HealthReport } from 'shared/health'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { Evidence } from './evidence'
import {
  HEALTH_RETENTION_DAYS,
  HealthDb,
  QUERIES,
  readStoredLoads,
  readStoredTables,
  PAGE_LOAD_REPORTS,
  type StoreLimits,
} from './health-db'
import { DEFAULT_LIMITS, HealthStore, healthStoreFile, healthStoreLimits } from './health-store'

let dir: string
let file: string
let now: number
const stores: HealthStore[] = []
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'health-store-'))
  file = join(dir, 'health.db')
  now = Date.UTC(2026, 10, 26, 12)
})
afterEach(async () => {
  vi.restoreAllMocks()
  await Promise.all(stores.splice(0).map((s) => s.close()))
  rmSync(dir, { recursive: true, force: true })
})

const open = (limits: StoreLimits = DEFAULT_LIMITS) => {
  const store = new HealthStore(file, { now: () => now, limits })
  stores.push(store)
  return store
}

type Remote = HealthReport['remotes'][number]
const report = (remotes: Remote[], extra: Partial<HealthReport> = {}): HealthReport => ({
  v: 1,
  route: '/loanDetails',
  phase: 'load',
  remotes,
  vitals: [],
  errors: [],
  calls: [],
  ...extra,
})
const outcome = (version: string, kind: Remote['outcome'], extra: Partial<Remote> = {}): Remote => ({
  remote: 'mf_loan',
  version,
  outcome: kind,
  phases: { entry: 10 },
  ...extra,
})
const loadOf = (loadId: string, extra: Partial<Evidence> = {}): Evidence => ({
  loadId,
  client: `client-${loadId}`,
  route: '/loanDetails',
  remote: 'mf_loan',
  issuedAt: now,
  ...extra,
})
const lcp = (version: string, value: number) => ({ name: 'LCP' as const, value, remote: 'mf_loan', version })
const error = (version: string, message = 'boom') => ({
  remote: 'mf_loan',
  version,
  kind: 'error' as const,
  message,
})

test('the first report of a page load records it; later ones add vitals and errors only, at most four', async () => {
  const store = open()
  store.enqueue(report([outcome('2', 'mounted')]), loadOf('a'))
  // A later report of the same load cannot change its outcome or add a load.
  store.enqueue(
    report([outcome('2', 'retry-screen')], {
      phase: 'hidden',
      vitals: [lcp('2', 1200)],
      errors: [error('2')],
    }),
    loadOf('a'),
  )
  for (let i = 0; i < 5; i++)
    store.enqueue(report([], { phase: 'hidden', vitals: [lcp('2', 100 + i)] }), loadOf('a'))
  await store.flush()
  const [load] = readStoredLoads(file)
  expect(load).toMatchObject({ loadId: 'a', version: '2', outcome: 'mounted', reports: PAGE_LOAD_REPORTS })
  expect(load.vitals).toEqual([
    { name: 'LCP', value: 1200 },
    { name: 'LCP', value: 100 },
    { name: 'LCP', value: 101 },
  ])
  expect(load.errors).toEqual([{ version: '2', kind: 'error', message: 'boom' }])
  expect(await store.versions(0)).toMatchObject([
    { version: '2', loads: 1, mounted: 1, failures: 0, errors: 1 },
  ])
})

test('a load counts only the outcome of the remote its route renders; none for a route without one', async () => {
  const store = open()
  store.enqueue(
    report([outcome('9', 'mounted', { remote: 'mf_repay' }), outcome('2', 'mount-timeout')]),
    loadOf('a'),
  )
  store.enqueue(report([outcome('2', 'mounted')], { route: '/testPreview' }), loadOf('b', { remote: null }))
  await store.flush()
  expect(readStoredLoads(file).map((l) => [l.remote, l.version, l.outcome])).toEqual([
    ['mf_loan', '2', 'mount-timeout'],
  ])
})

test('what a report says for an uncounted load, another remote or a version the load never had is dropped', async () => {
  const store = open()
  // The first report has no outcome of the route's remote (the page was hidden before it settled): what it
  // says is dropped, and the load counts from the report that carries its outcome.
  store.enqueue(report([], { phase: 'hidden', vitals: [lcp('2', 900)], errors: [error('2')] }), loadOf('a'))
  store.enqueue(report([outcome('2', 'mounted')], { errors: [error('2', 'after')] }), loadOf('a'))
  store.enqueue(
    report([outcome('1', 'fallback', { from: '2' })], {
      vitals: [lcp('1', 800), lcp('2', 700), lcp('7', 1), { ...lcp('1', 5), remote: 'mf_site' }],
      errors: [error('2'), error('forged-version'), { ...error('1'), remote: 'mf_site' }],
      calls: [{ path: '/utilities/loan/detail', kind: 'timeout', count: 2 }],
    }),
    loadOf('b'),
  )
  await store.flush()
  const [a, b] = readStoredLoads(file)
  expect(a).toMatchObject({ loadId: 'a', version: '2', outcome: 'mounted', reports: 2, vitals: [] })
  expect(a.errors.map((e) => e.message)).toEqual(['after'])
  expect(b).toMatchObject({ loadId: 'b', version: '2', shown: '1', outcome: 'fallback' })
  expect(b.vitals.map((v) => v.value)).toEqual([800, 700])
  expect(b.errors.map((e) => e.version)).toEqual(['2'])
  expect(b.calls).toEqual([{ path: '/utilities/loan/detail', kind: 'timeout', count: 2 }])
})

test('per version: loads, mounts, fallbacks (counted against the version that failed), failures, errors, p75', async () => {
  const store = open()
  let n = 0
  const load = (r: HealthReport) => store.enqueue(r, loadOf(`l${n++}`))
  for (let i = 0; i < 6; i++) load(report([outcome('2', 'mounted')]))
  load(report([outcome('1', 'fallback', { from: '2' })]))
  load(report([outcome('2', 'mount-timeout')], { errors: [error('2')] }))
  load(report([outcome('1', 'mounted')]))
  for (const value of [100, 200, 300, 400])
    load(report([outcome('2', 'mounted')], { vitals: [lcp('2', value)] }))
  const versions = await store.versions(0)
  const none = { p75: null, loads: 0, unreported: 0 }
  const counts = {
    loads: 12,
    mounted: 10,
    fallbacks: 1,
    failures: 1,
    errors: 1,
    vitals: { LCP: { p75: expect.any(Number), loads: 4, unreported: 0 }, INP: none, CLS: none },
  }
  const first = {
    loads: 1,
    mounted: 1,
    fallbacks: 0,
    failures: 0,
    errors: 0,
    vitals: { LCP: none, INP: none, CLS: none },
  }
  expect(versions).toEqual([
    // A page that named no engine (one served before engines were reported) is `unknown`'s.
    { remote: 'mf_loan', version: '2', ...counts, engines: [{ engine: 'unknown', ...counts }] },
    { remote: 'mf_loan', version: '1', ...first, engines: [{ engine: 'unknown', ...first }] },
  ])
  // The percentile comes from 5%-wide buckets: within 2.5% of the nearest-rank value.
  expect(Math.abs(versions[0].vitals.LCP.p75! / 300 - 1)).toBeLessThan(0.025)
  expect(await store.versions(now + 60_000)).toEqual([])
})

test('vitals over a window that starts inside an hour count from that minute on', async () => {
  const store = open()
  now += 2 * 60_000
  store.enqueue(report([outcome('2', 'mounted')], { vitals: [lcp('2', 5000)] }), loadOf('early'))
  now += 8 * 60_000
  store.enqueue(report([outcome('2', 'mounted')], { vitals: [lcp('2', 1000)] }), loadOf('inside'))
  now += 60 * 60_000
  store.enqueue(report([outcome('2', 'mounted')], { vitals: [lcp('2', 1000)] }), loadOf('next-hour'))
  const since = Date.UTC(2026, 10, 26, 12, 5)
  const [version] = await store.versions(since)
  expect(version.loads).toBe(2)
  expect(Math.abs(version.vitals.LCP.p75! / 1000 - 1)).toBeLessThan(0.025)
  expect(Math.abs((await store.versions(0))[0].vitals.LCP.p75! / 5000 - 1)).toBeLessThan(0.025)
})

type Engine = NonNullable<HealthReport['engine']>
/** A percentile read from 5%-wide buckets: within 2.5% of the value. */
const near = (value: number) => ({
  asymmetricMatch: (actual: unknown) => typeof actual === 'number' && Math.abs(actual / value - 1) < 0.025,
  toString: () => `within 2.5% of ${value}`,
})
const WEBKIT_17: Engine = { name: 'webkit', major: 17, unreported: ['LCP', 'INP', 'CLS'] }
const WEBKIT_26: Engine = { name: 'webkit', major: 26, unreported: ['CLS'] }
const CHROMIUM: Engine = { name: 'chromium', major: 120, unreported: [] }
const vital = (name: 'LCP' | 'INP' | 'CLS', value: number) => ({
  name,
  value,
  remote: 'mf_loan',
  version: '2',
})

test('per engine: each version’s loads, outcomes, errors and vitals split by the engine its pages named', async () => {
  const store = open()
  const load = (
    id: string,
    engine: Engine,
    extra: Partial<HealthReport> = {},
    kind: Remote['outcome'] = 'mounted',
  ) => store.enqueue(report([outcome('2', kind)], { engine, ...extra }), loadOf(id))
  load('w1', WEBKIT_17, { errors: [error('2')] })
  load('w2', WEBKIT_17, {}, 'retry-screen')
  load('w3', WEBKIT_26, { vitals: [vital('LCP', 3000), vital('INP', 200)] })
  load('c1', CHROMIUM, { vitals: [vital('LCP', 1000), vital('INP', 80), vital('CLS', 0.2)] })
  await store.flush()
  const [version] = await store.versions(0)
  expect(version).toMatchObject({ loads: 4, mounted: 3, failures: 1, errors: 1 })
  const [webkit, chromium] = version.engines
  expect(webkit).toMatchObject({ engine: 'webkit', loads: 3, mounted: 2, failures: 1, errors: 1 })
  expect(chromium).toMatchObject({ engine: 'chromium', loads: 1, mounted: 1, failures: 0, errors: 0 })
  // WebKit's loads: two cannot report LCP and INP, none CLS; one reported LCP and INP.
  expect(webkit.vitals).toEqual({
    LCP: { p75: near(3000), loads: 1, unreported: 2 },
    INP: { p75: near(200), loads: 1, unreported: 2 },
    CLS: { p75: null, loads: 0, unreported: 3 },
  })
  expect(chromium.vitals.CLS).toEqual({ p75: near(0.2), loads: 1, unreported: 0 })
  expect(version.vitals.CLS).toEqual({ p75: near(0.2), loads: 1, unreported: 3 })
  // The engine's major is kept with the load, never in a rollup; nothing else of the browser is.
  expect(readStoredLoads(file).map((l) => [l.engine, l.engineMajor, l.unreported])).toEqual([
    ['webkit', 17, ['LCP', 'INP', 'CLS']],
    ['webkit', 17, ['LCP', 'INP', 'CLS']],
    ['webkit', 26, ['CLS']],
    ['chromium', 120, []],
  ])
})

test('a vital an engine cannot report is never counted as a good value: the percentile is over the loads that reported it', async () => {
  const store = open()
  for (let i = 0; i < 3; i++)
    store.enqueue(report([outcome('2', 'mounted')], { engine: WEBKIT_17 }), loadOf(`ios-${i}`))
  store.enqueue(
    report([outcome('2', 'mounted')], { engine: CHROMIUM, vitals: [vital('LCP', 2000)] }),
    loadOf('android'),
  )
  const [version] = await store.versions(0)
  // Counted as 0 ms, the three iOS loads would make the p75 of [0, 0, 0, 2000] 0 ms: a good value.
  expect(version.vitals.LCP).toEqual({ p75: near(2000), loads: 1, unreported: 3 })
  expect(version.engines.find((e) => e.engine === 'webkit')!.vitals.LCP).toEqual({
    p75: null,
    loads: 0,
    unreported: 3,
  })
})

test('a load counts once per vital: a value sent again (the page hidden twice) is kept with the load, not in the percentile', async () => {
  const store = open()
  store.enqueue(
    report([outcome('2', 'mounted')], { engine: CHROMIUM, vitals: [vital('INP', 100)] }),
    loadOf('a'),
  )
  store.enqueue(report([], { phase: 'hidden', engine: CHROMIUM, vitals: [vital('INP', 900)] }), loadOf('a'))
  const [version] = await store.versions(0)
  expect(version.vitals.INP).toEqual({ p75: near(100), loads: 1, unreported: 0 })
  expect(readStoredLoads(file)[0].vitals).toEqual([
    { name: 'INP', value: 100 },
    { name: 'INP', value: 900 },
  ])
})

test('series: per version and bucket, loads, mounts, fallbacks and errors', async () => {
  const store = open()
  const start = now
  store.enqueue(report([outcome('2', 'mounted')], { errors: [error('2')] }), loadOf('a'))
  now += 20 * 60_000
  store.enqueue(report([outcome('1', 'fallback', { from: '2' })]), loadOf('b'))
  store.enqueue(report([outcome('2', 'mounted')]), loadOf('c'))
  expect(await store.series(start, 15 * 60_000)).toEqual([
    { remote: 'mf_loan', version: '2', t: start, loads: 1, mounted: 1, fallbacks: 0, errors: 1 },
    {
      remote: 'mf_loan',
      version: '2',
      t: start + 15 * 60_000,
      loads: 2,
      mounted: 1,
      fallbacks: 1,
      errors: 0,
    },
  ])
})

test('first loads: the first counted load of each client since a time, in time order, up to a limit', async () => {
  const store = open()
  const load = (id: string, client: string, kind: Remote['outcome'], extra: Partial<Remote> = {}) => {
    now += 1000
    store.enqueue(report([outcome('2', kind, extra)]), loadOf(id, { client }))
  }
  load('before', 'ann', 'retry-screen')
  const since = now + 1
  load('a1', 'ann', 'mounted')
  load('b1', 'bob', 'mount-timeout', { reason: 'mount: 8000 ms' })
  load('a2', 'ann', 'retry-screen')
  load('c1', 'cyd', 'fallback', { version: '1', from: '2', reason: 'entry: 404' })
  load('d1', 'dan', 'mounted')
  const first = await store.firstLoads('mf_loan', '2', since, 3)
  expect(first).toEqual([
    { at: since + 999, client: 'ann', outcome: 'mounted', reason: null, from: null },
    { at: since + 1999, client: 'bob', outcome: 'mount-timeout', reason: 'mount: 8000 ms', from: null },
    { at: since + 3999, client: 'cyd', outcome: 'fallback', reason: 'entry: 404', from: '2' },
  ])
  expect(await store.firstLoads('mf_loan', '1', since, 3)).toEqual([])
})

test('first loads: a page sent before the release is none of its loads, whenever it reports', async () => {
  const store = open()
  now += 400
  const release = now
  // Tokens gathered an hour before a release, spent on it once it is out.
  for (const id of ['early-1', 'early-2', 'early-3']) {
    now += 1000
    store.enqueue(report([outcome('2', 'retry-screen')]), loadOf(id, { issuedAt: release - 3_600_000 }))
  }
  now += 1000
  // A page sent in the release's own second: its token says the second, not the millisecond.
  store.enqueue(
    report([outcome('2', 'mounted')]),
    loadOf('same-second', { issuedAt: release - (release % 1000) }),
  )
  now += 1000
  store.enqueue(report([outcome('2', 'mounted')]), loadOf('after', { issuedAt: now - 500 }))
  expect((await store.firstLoads('mf_loan', '2', release, 10)).map((l) => l.outcome)).toEqual([
    'mounted',
    'mounted',
  ])
})

const evidence = (loadId: string, remote: string | null = 'mf_loan', client = '0123456789abcdef') =>
  loadOf(loadId.padEnd(32, '0'), { client, remote })

test('with its evidence, a page load is its route’s remote’s outcome, kept once', async () => {
  const store = open()
  const other = { ...outcome('9', 'retry-screen'), remote: 'mf_repay' }
  store.enqueue(report([outcome('2', 'retry-screen'), outcome('2', 'mounted'), other]), evidence('a'))
  store.enqueue(report([outcome('2', 'retry-screen')]), evidence('a'))
  store.enqueue(report([outcome('2', 'mounted')]), evidence('b'))
  // A page without a remote (the test page) records no load.
  store.enqueue(report([outcome('2', 'retry-screen')]), evidence('c', null))
  await store.flush()
  expect(
    readStoredLoads(file).map(({ loadId, client, remote, version, outcome }) => ({
      loadId,
      client,
      remote,
      version,
      outcome,
    })),
  ).toEqual([
    {
      loadId: evidence('a').loadId,
      client: '0123456789abcdef',
      remote: 'mf_loan',
      version: '2',
      outcome: 'retry-screen',
    },
    {
      loadId: evidence('b').loadId,
      client: '0123456789abcdef',
      remote: 'mf_loan',
      version: '2',
      outcome: 'mounted',
    },
  ])
  expect(await store.versions(0)).toEqual([
    expect.objectContaining({ remote: 'mf_loan', version: '2', loads: 2, failures: 1 }),
  ])
})

test('errors and vitals count only from a counted page load, and one page load keeps at most four reports', async () => {
  const store = open()
  const error = (message: string) => ({ remote: 'mf_loan', version: '2', kind: 'error' as const, message })
  const vital = { name: 'LCP' as const, value: 900, remote: 'mf_loan', version: '2' }
  let kept = 0
  const keep = () => (kept += 1)
  // A page without a remote, and a token whose load no report has counted: their errors and vitals are dropped.
  store.enqueue(report([], { errors: [error('no remote')], vitals: [vital] }), evidence('c', null), keep)
  store.enqueue(report([], { phase: 'hidden', errors: [error('never loaded')] }), evidence('d'), keep)
  store.enqueue(report([outcome('2', 'mounted')]), evidence('a'), keep)
  for (let i = 1; i <= 5; i++) {
    store.enqueue(
      report([], { phase: 'hidden', errors: [error(`later ${i}`)], vitals: [vital] }),
      evidence('a'),
      keep,
    )
  }
  await store.flush()
  expect(await store.versions(0)).toEqual([
    expect.objectContaining({ remote: 'mf_loan', version: '2', loads: 1, mounted: 1, errors: 3 }),
  ])
  // c, d, and load a's first four: its fifth and sixth are not kept.
  expect(kept).toBe(6)
  expect(readStoredTables(file).loads.map((l) => l.reports)).toEqual([1, 1, PAGE_LOAD_REPORTS])
})

test('the first loads of a version are each client’s first, named by the page-load token’s client key', async () => {
  const store = open()
  for (const [id, client, kind] of [
    ['a', 'aaaaaaaaaaaaaaaa', 'retry-screen'],
    ['b', 'aaaaaaaaaaaaaaaa', 'mounted'],
    ['c', 'bbbbbbbbbbbbbbbb', 'mounted'],
    ['d', 'aaaaaaaaaaaaaaaa', 'retry-screen'],
  ] as const) {
    now += 1000
    store.enqueue(report([outcome('2', kind)]), evidence(id, 'mf_loan', client))
  }
  const first = await store.firstLoads('mf_loan', '2', 0, 10)
  expect(first.map(({ client, outcome }) => ({ client, outcome }))).toEqual([
    { client: 'aaaaaaaaaaaaaaaa', outcome: 'retry-screen' },
    { client: 'bbbbbbbbbbbbbbbb', outcome: 'mounted' },
  ])
})

test('baseline: a version’s loads in a span, each client’s first only, and how many a file never reached', async () => {
  const store = open()
  const OFFLINE = 'entry: Failed to fetch dynamically imported module: /remotes/mf-loan/1/x.js'
  const load = (client: string, kind: Remote['outcome'], extra: Partial<Remote> = {}) => {
    now += 1000
    store.enqueue(report([outcome('1', kind, extra)]), loadOf(`${client}-${now}`, { client }))
  }
  load('before', 'retry-screen', { reason: OFFLINE })
  const since = now + 1
  load('ann', 'retry-screen', { reason: OFFLINE })
  // Ann's later loads are not counted again, whatever they were.
  load('ann', 'mounted')
  load('bob', 'mounted')
  load('bob', 'retry-screen', { reason: OFFLINE })
  load('cyd', 'retry-screen', { reason: 'crashed: boom' })
  load('dan', 'fallback', { version: '0', from: '1', reason: OFFLINE })
  // Not a load of any version.
  load('eve', 'not-released')
  const until = now + 1
  load('fay', 'retry-screen', { reason: OFFLINE })
  expect(await store.baseline('mf_loan', '1', since, until)).toEqual({ loads: 4, network: 2 })
  expect(await store.baseline('mf_loan', '1', 0, Infinity)).toEqual({ loads: 6, network: 4 })
  expect(await store.baseline('mf_loan', '2', 0, Infinity)).toEqual({ loads: 0, network: 0 })
})

test('malformed reports are counted by reason (cut to 200 characters), never stored', async () => {
  const store = open()
  store.reject('route: Invalid format')
  store.reject(`not JSON ${'x'.repeat(300)}`)
  expect(await store.rejectedSince(0)).toBe(2)
  expect(await store.rejectedSince(now + 60_000)).toBe(0)
  expect(readStoredLoads(file)).toEqual([])
  expect(readStoredTables(file).rejected.map((r) => String(r.reason).length)).toEqual([200, 21])
})

test(`loads older than ${HEALTH_RETENTION_DAYS} days are deleted, with their rollups`, async () => {
  const first = open()
  first.enqueue(report([outcome('1', 'mounted')], { vitals: [lcp('1', 500)] }), loadOf('old'))
  await first.close()
  now += (HEALTH_RETENTION_DAYS + 1) * 86_400_000
  const later = open()
  later.enqueue(report([outcome('2', 'mounted')]), loadOf('new'))
  await later.flush()
  expect(readStoredLoads(file).map((l) => l.loadId)).toEqual(['new'])
  expect((await later.versions(0)).map((v) => v.version)).toEqual(['2'])
  const tables = readStoredTables(file)
  expect(tables.vitals).toEqual([])
  expect(tables.vital_minutes).toEqual([])
  expect(tables.vital_hours).toEqual([])
})

test('past HEALTH_MAX_VERSIONS_PER_REMOTE, the versions loaded longest ago go with all their data', async () => {
  const store = open({ ...DEFAULT_LIMITS, maxVersionsPerRemote: 3 })
  for (let v = 1; v <= 5; v++) {
    now += 60_000
    store.enqueue(report([outcome(`${v}.0`, 'mounted')], { errors: [error(`${v}.0`)] }), loadOf(`v${v}`))
  }
  // The first version is loaded again: it is not among the oldest any more.
  now += 60_000
  store.enqueue(report([outcome('1.0', 'mounted')]), loadOf('v1-again'))
  await store.flush()
  expect((await store.versions(0)).map((v) => v.version).sort()).toEqual(['1.0', '4.0', '5.0'])
  expect(new Set(readStoredLoads(file).map((l) => l.version))).toEqual(new Set(['1.0', '4.0', '5.0']))
  expect(
    readStoredTables(file)
      .errors.map((e) => e.version)
      .sort(),
  ).toEqual(['1.0', '4.0', '5.0'])
})

test('past HEALTH_MAX_MB, the oldest loads go first and the file stays within the cap', async () => {
  const maxBytes = 400 * 1024
  const store = open({ ...DEFAULT_LIMITS, maxBytes })
  for (let i = 0; i < 4000; i++) {
    now += 60_000
    store.enqueue(
      report([outcome('2', 'retry-screen', { reason: `entry: ${'e'.repeat(150)} ${i}` })], {
        vitals: [lcp('2', 1000 + i)],
      }),
      loadOf(`load-${i}`),
    )
  }
  await store.flush()
  const db = new HealthDb(file, { readOnly: true })
  const used = db.usedBytes()
  db.close()
  expect(used).toBeLessThanOrEqual(maxBytes)
  const kept = readStoredLoads(file).map((l) => l.loadId)
  expect(kept.length).toBeGreaterThan(100)
  expect(kept.length).toBeLessThan(4000)
  expect(kept.at(-1)).toBe('load-3999')
  expect(kept[0]).toBe(`load-${4000 - kept.length}`)
})

test('loads survive closing and opening the file again', async () => {
  const first = open()
  first.enqueue(report([outcome('2', 'mounted')]), loadOf('a'))
  await first.close()
  const again = open()
  expect((await again.versions(0)).map((v) => v.loads)).toEqual([1])
})

test('a reader opens the file beside the writer and reads while it writes; it can write nothing', async () => {
  const writer = open()
  writer.enqueue(report([outcome('2', 'mounted')]), loadOf('a'))
  await writer.flush()
  const reader = new HealthStore(file, { readOnly: true, now: () => now })
  stores.push(reader)
  for (let i = 0; i < 200; i++) writer.enqueue(report([outcome('2', 'mounted')]), loadOf(`w${i}`))
  const [read] = await Promise.all([reader.versions(0), writer.flush()])
  expect(read[0].loads).toBeGreaterThanOrEqual(1)
  expect((await reader.versions(0))[0].loads).toBe(201)
  reader.enqueue(report([outcome('2', 'mounted')]), loadOf('from-reader'))
  expect(reader.dropped).toBe(1)
})

test('a reader of a file that is not there, or of another version, is told so', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const missing = new HealthStore(join(dir, 'none.db'), { readOnly: true })
  stores.push(missing)
  await expect(missing.versions(0)).rejects.toThrow(/none\.db/)
  const old = new Database(file)
  old.exec('CREATE TABLE reports (id INTEGER PRIMARY KEY)')
  old.close()
  const reader = new HealthStore(file, { readOnly: true })
  stores.push(reader)
  await expect(reader.versions(0)).rejects.toThrow(/another version .*the server upgrades it/)
})

test('the first store’s file is upgraded: its tables and its lock folder go', async () => {
  const old = new Database(file)
  old.exec(`CREATE TABLE reports (id INTEGER PRIMARY KEY, at INTEGER, route TEXT, phase TEXT, body TEXT);
    CREATE TABLE vitals (report INTEGER, at INTEGER, remote TEXT, version TEXT, name TEXT, value REAL);
    INSERT INTO reports VALUES (1, 0, '/repay', 'load', '{}');`)
  old.close()
  mkdirSync(`${file}.lock`)
  const store = open()
  store.enqueue(report([outcome('2', 'mounted')], { vitals: [lcp('2', 700)] }), loadOf('a'))
  await store.flush()
  expect(existsSync(`${file}.lock`)).toBe(false)
  expect(Object.keys(readStoredTables(file))).not.toContain('reports')
  expect(readStoredLoads(file)[0].vitals).toEqual([{ name: 'LCP', value: 700 }])
})

/** Schema 4 as it was (ADR 0044): its loads and rollups, without an engine. */
const SCHEMA_4 = `
CREATE TABLE loads (
  id INTEGER PRIMARY KEY, load_id TEXT NOT NULL UNIQUE, at INTEGER NOT NULL, issued INTEGER NOT NULL,
  reports INTEGER NOT NULL,
  remote TEXT, version TEXT, shown TEXT, client TEXT, class TEXT, outcome TEXT, reason TEXT);
CREATE INDEX loads_by_version ON loads (remote, version, at, id);
CREATE INDEX loads_by_client ON loads (remote, version, client, at, class);
CREATE TABLE vitals (load INTEGER NOT NULL, name TEXT NOT NULL, value REAL NOT NULL);
CREATE INDEX vitals_by_load ON vitals (load);
CREATE TABLE errors (
  load INTEGER NOT NULL, at INTEGER NOT NULL, remote TEXT NOT NULL, version TEXT NOT NULL,
  kind TEXT NOT NULL, message TEXT NOT NULL);
CREATE INDEX errors_by_load ON errors (load);
CREATE INDEX errors_by_version ON errors (remote, version, at);
CREATE TABLE call_failures (
  load INTEGER NOT NULL, path TEXT NOT NULL, kind TEXT NOT NULL, count INTEGER NOT NULL);
CREATE INDEX call_failures_by_load ON call_failures (load);
CREATE TABLE versions (
  remote TEXT NOT NULL, version TEXT NOT NULL, first_at INTEGER NOT NULL, last_at INTEGER NOT NULL,
  PRIMARY KEY (remote, version)) WITHOUT ROWID;
CREATE TABLE load_minutes (
  remote TEXT NOT NULL, version TEXT NOT NULL, minute INTEGER NOT NULL, outcome TEXT NOT NULL, n INTEGER NOT NULL,
  PRIMARY KEY (remote, version, minute, outcome)) WITHOUT ROWID;
CREATE TABLE error_minutes (
  remote TEXT NOT NULL, version TEXT NOT NULL, minute INTEGER NOT NULL, n INTEGER NOT NULL,
  PRIMARY KEY (remote, version, minute)) WITHOUT ROWID;
CREATE TABLE vital_minutes (
  remote TEXT NOT NULL, version TEXT NOT NULL, name TEXT NOT NULL, minute INTEGER NOT NULL,
  bucket INTEGER NOT NULL, n INTEGER NOT NULL,
  PRIMARY KEY (remote, version, name, minute, bucket)) WITHOUT ROWID;
CREATE TABLE vital_hours (
  remote TEXT NOT NULL, version TEXT NOT NULL, name TEXT NOT NULL, hour INTEGER NOT NULL,
  bucket INTEGER NOT NULL, n INTEGER NOT NULL,
  PRIMARY KEY (remote, version, name, hour, bucket)) WITHOUT ROWID;
CREATE TABLE rejected (
  minute INTEGER NOT NULL, reason TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (minute, reason)) WITHOUT ROWID;
PRAGMA user_version = 4;`

test('a schema-4 file is upgraded in place: its loads and rollups are kept as the unknown engine’s, and new loads name theirs', async () => {
  const old = new Database(file)
  old.exec(SCHEMA_4)
  const minute = Math.floor(now / 60_000)
  // Two loads of version 2 (one mounted with an LCP of 1 s, one on the retry screen with an error), as schema 4
  // wrote them: the rows and their rollups.
  old.exec(`INSERT INTO loads VALUES (1, 'old-a', ${now}, ${now}, 1, 'mf_loan', '2', '2', 'c1', 'ok', 'mounted', NULL);
    INSERT INTO loads VALUES (2, 'old-b', ${now}, ${now}, 1, 'mf_loan', '2', '2', 'c2', 'code', 'retry-screen', 'x');
    INSERT INTO vitals VALUES (1, 'LCP', 1000);
    INSERT INTO errors VALUES (2, ${now}, 'mf_loan', '2', 'error', 'boom');
    INSERT INTO versions VALUES ('mf_loan', '2', ${now}, ${now});
    INSERT INTO load_minutes VALUES ('mf_loan', '2', ${minute}, 'mounted', 1), ('mf_loan', '2', ${minute}, 'retry-screen', 1);
    INSERT INTO error_minutes VALUES ('mf_loan', '2', ${minute}, 1);
    INSERT INTO vital_minutes VALUES ('mf_loan', '2', 'LCP', ${minute}, 141, 1);
    INSERT INTO vital_hours VALUES ('mf_loan', '2', 'LCP', ${Math.floor(minute / 60)}, 141, 1);
    INSERT INTO rejected VALUES (${minute}, 'route: missing', 3);`)
  old.close()
  const store = open()
  store.enqueue(report([outcome('2', 'mounted')], { engine: WEBKIT_17 }), loadOf('new'))
  const [version] = await store.versions(0)
  expect(version).toMatchObject({ loads: 3, mounted: 2, failures: 1, errors: 1 })
  expect(version.engines.map((e) => [e.engine, e.loads, e.mounted, e.failures, e.errors])).toEqual([
    ['unknown', 2, 1, 1, 1],
    ['webkit', 1, 1, 0, 0],
  ])
  expect(version.vitals.LCP).toEqual({ p75: near(1000), loads: 1, unreported: 1 })
  expect(version.engines[0].vitals.LCP).toEqual({ p75: near(1000), loads: 1, unreported: 0 })
  expect(await store.rejectedSince(0)).toBe(3)
  expect(readStoredLoads(file).map((l) => [l.loadId, l.engine, l.engineMajor, l.vitals])).toEqual([
    ['old-a', 'unknown', null, [{ name: 'LCP', value: 1000 }]],
    ['old-b', 'unknown', null, []],
    ['new', 'webkit', 17, []],
  ])
  // The judge's reads run on the kept loads as before.
  expect((await store.firstLoads('mf_loan', '2', 0, 10)).map((l) => l.client)).toEqual([
    'c1',
    'c2',
    'client-new',
  ])
  expect(Object.keys(readStoredTables(file)).filter((t) => t.endsWith('_4'))).toEqual([])
  const db = new Database(file, { readonly: true })
  expect(db.pragma('user_version', { simple: true })).toBe(5)
  db.close()
})

test('every read of the ops view, `pnpm remotes` and the judge searches an index; only the small version list is scanned', () => {
  const db = new HealthDb(file)
  const plans = db.plans()
  db.close()
  expect(Object.keys(plans)).toEqual(Object.keys(QUERIES))
  for (const [name, steps] of Object.entries(plans)) {
    for (const step of steps.filter((s) => /^(SCAN|SEARCH) /.test(s))) {
      expect(step, name).toMatch(
        /^SCAN v$|^SCAN \(subquery-\d+\)$|^SEARCH \w+ USING (COVERING INDEX \w+|INDEX \w+|PRIMARY KEY) \(/,
      )
    }
  }
  expect(plans.firstLoads).toEqual([
    'SEARCH loads USING INDEX loads_by_version (remote=? AND version=? AND at>?)',
  ])
  expect(plans.baseline).toContain(
    'SEARCH loads USING COVERING INDEX loads_by_client (remote=? AND version=?)',
  )
  expect(plans.versionLoads).toContain('SEARCH m USING PRIMARY KEY (remote=? AND version=? AND minute>?)')
})

test('enqueue and reject never throw nor wait, even once the store has stopped', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const store = open()
  await store.close()
  expect(() => store.enqueue(report([outcome('2', 'mounted')]), loadOf('a'))).not.toThrow()
  expect(() => store.reject('not JSON')).not.toThrow()
  expect(store.dropped).toBe(2)
  await expect(store.versions(0)).rejects.toThrow(/closed/)
})

test('one file per server port unless HEALTH_DB names one', () => {
  expect(healthStoreFile(8080, {})).toMatch(/deploy\/\.health\/health-8080\.db$/)
  expect(healthStoreFile(4310, {})).not.toBe(healthStoreFile(8080, {}))
  expect(healthStoreFile(8080, { HEALTH_DB: '/var/lib/cashloan/health.db' })).toBe(
    '/var/lib/cashloan/health.db',
  )
})

test('HEALTH_MAX_MB and HEALTH_MAX_VERSIONS_PER_REMOTE set the caps; anything but a whole number from 1 up is refused, named', () => {
  expect(healthStoreLimits({})).toEqual({ maxBytes: 512 * 1024 * 1024, maxVersionsPerRemote: 20 })
  expect(healthStoreLimits({ HEALTH_MAX_MB: '64', HEALTH_MAX_VERSIONS_PER_REMOTE: '5' })).toEqual({
    maxBytes: 64 * 1024 * 1024,
    maxVersionsPerRemote: 5,
  })
  for (const name of ['HEALTH_MAX_MB', 'HEALTH_MAX_VERSIONS_PER_REMOTE']) {
    for (const bad of ['', '0', '-1', '2.5', 'lots']) {
      expect(() => healthStoreLimits({ [name]: bad }), `${name}=${bad}`).toThrow(name)
    }
  }
})
