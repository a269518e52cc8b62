import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { HealthReport } from 'shared/health/report'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createRequire } from 'node:module'
import type { Evidence } from './evidence'
import { HEALTH_RETENTION_DAYS, HealthStore, healthStoreFile, readStoredLoads } from './health-store'

let dir: string
let now: number
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'health-store-'))
  now = Date.UTC(2026, 10, 26, 12)
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const open = () => new HealthStore(join(dir, 'health.db'), () => now)

const report = (remotes: HealthReport['remotes'], extra: Partial<HealthReport> = {}): HealthReport => ({
  v: 1,
  route: '/loanDetails',
  phase: 'load',
  remotes,
  vitals: [],
  errors: [],
  calls: [],
  ...extra,
})
const outcome = (version: string, kind: HealthReport['remotes'][0]['outcome'], from?: string) => ({
  remote: 'mf_loan',
  version,
  outcome: kind,
  ...(from ? { from } : {}),
  phases: { entry: 10 },
})

test('reports survive closing and opening the file again, exactly as stored', () => {
  const store = open()
  const sent = report([outcome('2', 'mounted')], {
    calls: [{ path: '/utilities/a', kind: 'timeout', count: 3 }],
  })
  store.add(sent)
  store.close()
  const again = open()
  expect(again.reports().map((r) => r.report)).toEqual([sent])
  again.close()
})

test('per version: loads, mounts, fallbacks (counted against the version that failed), failures, errors, p75', () => {
  const store = open()
  for (let i = 0; i < 6; i++) store.add(report([outcome('2', 'mounted')]))
  store.add(report([outcome('1', 'fallback', '2')]))
  store.add(report([outcome('2', 'mount-timeout')]))
  store.add(report([outcome('1', 'mounted')]))
  store.add(
    report([], {
      phase: 'hidden',
      errors: [{ remote: 'mf_loan', version: '2', kind: 'error', message: 'x' }],
      vitals: [100, 200, 300, 400].map((value) => ({
        name: 'LCP' as const,
        value,
        remote: 'mf_loan',
        version: '2',
      })),
    }),
  )
  expect(store.versions(0)).toEqual([
    {
      remote: 'mf_loan',
      version: '2',
      loads: 8,
      mounted: 6,
      fallbacks: 1,
      failures: 1,
      errors: 1,
      lcpP75: 300,
      inpP75: null,
    },
    {
      remote: 'mf_loan',
      version: '1',
      loads: 1,
      mounted: 1,
      fallbacks: 0,
      failures: 0,
      errors: 0,
      lcpP75: null,
      inpP75: null,
    },
  ])
  expect(store.versions(now + 1)).toEqual([])
  store.close()
})

test('malformed reports are counted, not stored', () => {
  const store = open()
  store.reject('route: Invalid format')
  store.reject('not JSON')
  expect(store.rejectedSince(0)).toBe(2)
  expect(store.reports()).toEqual([])
  store.close()
})

test(`reports older than ${HEALTH_RETENTION_DAYS} days are deleted`, () => {
  const store = open()
  store.add(report([outcome('1', 'mounted')]))
  store.close()
  now += (HEALTH_RETENTION_DAYS + 1) * 86_400_000
  const later = open()
  later.add(report([outcome('2', 'mounted')]))
  expect(later.reports().map((r) => r.report.remotes[0].version)).toEqual(['2'])
  later.close()
})

test('a lock left by a server that died does not block the next one', () => {
  const file = join(dir, 'health.db')
  mkdirSync(`${file}.lock`)
  const store = open()
  store.add(report([outcome('1', 'mounted')]))
  expect(store.reports()).toHaveLength(1)
  store.close()
  expect(existsSync(`${file}.lock`)).toBe(false)
})

test('one file per server port unless HEALTH_DB names one', () => {
  expect(healthStoreFile(8080, {})).toMatch(/deploy\/\.health\/health-8080\.db$/)
  expect(healthStoreFile(4310, {})).not.toBe(healthStoreFile(8080, {}))
  expect(healthStoreFile(8080, { HEALTH_DB: '/var/lib/cashloan/health.db' })).toBe(
    '/var/lib/cashloan/health.db',
  )
})

const evidence = (
  loadId: string,
  remote: string | null = 'mf_loan',
  client = '0123456789abcdef',
): Evidence => ({
  loadId: loadId.padEnd(32, '0'),
  client,
  route: '/loanDetails',
  remote,
  issuedAt: now,
})

test('with its evidence, a page load is its route’s remote’s outcome, kept once; a file from before gets the columns', () => {
  const file = join(dir, 'health.db')
  // The schema before page loads were recorded (ADR 0033).
  const { Database } = createRequire(import.meta.url)('node-sqlite3-wasm') as {
    Database: new (file: string) => { exec(sql: string): void; close(): void }
  }
  const old = new Database(file)
  old.exec(`CREATE TABLE remote_outcomes (report INTEGER NOT NULL, at INTEGER NOT NULL, remote TEXT NOT NULL,
    version TEXT NOT NULL, outcome TEXT NOT NULL, from_version TEXT, reason TEXT, phases TEXT NOT NULL)`)
  old.close()
  const store = open()
  const other = { ...outcome('9', 'retry-screen'), remote: 'mf_repay' }
  store.add(report([outcome('2', 'retry-screen'), outcome('2', 'mounted'), other]), evidence('a'))
  store.add(report([outcome('2', 'retry-screen')]), evidence('a'))
  store.add(report([outcome('2', 'mounted')]), evidence('b'))
  // A page without a remote (the test page) records no load.
  store.add(report([outcome('2', 'retry-screen')]), evidence('c', null))
  expect(readStoredLoads(file)).toEqual([
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
  expect(store.versions(0)).toEqual([
    expect.objectContaining({ remote: 'mf_loan', version: '2', loads: 2, failures: 1 }),
  ])
  store.close()
})

test('errors and vitals count only from a counted page load, and one page load keeps at most four reports', () => {
  const store = open()
  const error = (message: string) => ({ remote: 'mf_loan', version: '2', kind: 'error' as const, message })
  const vital = { name: 'LCP' as const, value: 900, remote: 'mf_loan', version: '2' }
  // A page without a remote, and a token whose load no report has counted: their errors and vitals are dropped.
  store.add(report([], { errors: [error('no remote')], vitals: [vital] }), evidence('c', null))
  store.add(report([], { phase: 'hidden', errors: [error('never loaded')] }), evidence('d'))
  store.add(report([outcome('2', 'mounted')]), evidence('a'))
  for (let i = 1; i <= 5; i++) {
    store.add(report([], { phase: 'hidden', errors: [error(`later ${i}`)], vitals: [vital] }), evidence('a'))
  }
  expect(store.versions(0)).toEqual([
    expect.objectContaining({ remote: 'mf_loan', version: '2', loads: 1, mounted: 1, errors: 3 }),
  ])
  // c, d, and load a's first four: its fifth is not kept.
  expect(store.reports()).toHaveLength(6)
  store.close()
})

test('the first loads of a version are each client’s first, named by the page-load token’s client key', () => {
  const store = open()
  for (const [id, client, kind] of [
    ['a', 'aaaaaaaaaaaaaaaa', 'retry-screen'],
    ['b', 'aaaaaaaaaaaaaaaa', 'mounted'],
    ['c', 'bbbbbbbbbbbbbbbb', 'mounted'],
    ['d', 'aaaaaaaaaaaaaaaa', 'retry-screen'],
  ] as const) {
    now += 1000
    store.add(report([outcome('2', kind)]), evidence(id, 'mf_loan', client))
  }
  expect(store.firstLoads('mf_loan', '2', 0, 10).map(({ client, outcome }) => ({ client, outcome }))).toEqual(
    [
      { client: 'aaaaaaaaaaaaaaaa', outcome: 'retry-screen' },
      { client: 'bbbbbbbbbbbbbbbb', outcome: 'mounted' },
    ],
  )
  store.close()
})
