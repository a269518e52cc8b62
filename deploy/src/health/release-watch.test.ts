import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { HealthReport } from 'shared/health'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { appendReleaseEvent } from '../release/release-log'
import { HealthStore } from './health-store'
import {
  createReleaseWatcher,
  DEFAULT_WATCH,
  healthStoreReads,
  judgeRelease,
  watchSettings,
} from './release-watch'

let dir: string
let now: number
let store: HealthStore

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'watch-'))
  now = Date.UTC(2026, 10, 26, 12)
  store = new HealthStore(join(dir, 'health.db'), { now: () => now })
})
afterEach(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
})

type Outcome = HealthReport['remotes'][number]['outcome']
/** A load's outcome and why, as pages report them. */
type Load = [Outcome, string?]
const OK: Load = ['mounted']
const CRASH: Load = ['retry-screen', 'crashed: broken release: throws at mount']
const OFFLINE: Load = [
  'retry-screen',
  'entry: Failed to fetch dynamically imported module: /remotes/mf-loan/x.js',
]
const REFUSED: Load = ['fallback', 'contract: incompatible contract 9']

let loadCount = 0
/**
 * One report per load, a second apart, as pages send them; each load a borrower of its own, or with `client`
 * all from one client's page loads.
 */
function loads(version: string, sequence: Load[], client?: string) {
  for (const [outcome, reason] of sequence) {
    now += 1000
    const fellBack = outcome === 'fallback'
    const loadId = `load-${++loadCount}`
    const evidence = {
      loadId,
      client: client ?? `client-${loadId}`,
      route: '/loanDetails',
      remote: 'mf_loan',
      issuedAt: now,
    }
    store.enqueue(
      {
        v: 1,
        route: '/loanDetails',
        phase: 'load',
        remotes: [
          {
            remote: 'mf_loan',
            version: fellBack ? '1.0.0' : version,
            outcome,
            ...(fellBack ? { from: version } : {}),
            ...(reason ? { reason } : {}),
            phases: {},
          },
        ],
        vitals: [],
        errors: [],
        calls: [],
      },
      evidence,
    )
  }
}

const many = (load: Load, count: number): Load[] => Array<Load>(count).fill(load)
/** `count` loads of which every `every`-th is `failure`, the first one at `every`. */
const oneIn = (every: number, failure: Load, count: number): Load[] =>
  Array.from({ length: count }, (_, i) => ((i + 1) % every === 0 ? failure : OK))

const verdictOn = (since: number, settings = DEFAULT_WATCH, at = now) =>
  judgeRelease(healthStoreReads(store), 'mf_loan', '2.0.0', '1.0.0', since, settings, at)

test('undecided: waiting, and past the window left as it is (expired), with the figures so far', async () => {
  const since = now
  loads('2.0.0', many(OK, 9))
  expect(await verdictOn(since)).toMatchObject({ status: 'waiting', loads: 9 })
  const late = await verdictOn(since, DEFAULT_WATCH, since + DEFAULT_WATCH.windowMs + 1)
  expect(late).toMatchObject({ status: 'expired', loads: 9 })
  expect(late.reason).toMatch(
    /^9 loads from 9 clients so far, undecided: code failures 0 of 9 .* 30 min window passed$/,
  )
})

test('a version that mounts is healthy after its 200 loads with neither test rejecting, and says so', async () => {
  const since = now
  loads('2.0.0', many(OK, 199))
  expect(await verdictOn(since)).toMatchObject({ status: 'waiting', loads: 199 })
  loads('2.0.0', many(OK, 1))
  const verdict = await verdictOn(since)
  expect(verdict).toMatchObject({ status: 'healthy', loads: 200 })
  expect(verdict.reason).toMatch(
    /^healthy after 200 loads from 200 clients: code failures 0 of 200 loads \(0\.0%\), vs 1\.0%/,
  )
})

test('a version failing one borrower in five is rolled back even when its first 20 loads hold one failure', async () => {
  // ADR 0033's rule passed it (1 of 20 is not above 5%), as it did 6.9% of such versions.
  const since = now
  loads('2.0.0', [...many(OK, 19), CRASH, ...oneIn(5, CRASH, 40)])
  const verdict = await verdictOn(since)
  expect(verdict.status).toBe('failing')
  expect(verdict.loads).toBeGreaterThan(20)
  expect(verdict.reason).toMatch(
    /^code failures \d+ of \d+ loads \(\d+\.\d%\) from \d+ clients, above 1\.0% \(SPRT α 0\.5%, β 0\.5%\)/,
  )
})

test('a healthy version whose network fails borrowers now and then is not rolled back', async () => {
  // Two network failures in the first 20 loads (10%) rolled it back under ADR 0033's rule.
  const since = now
  loads('2.0.0', [
    ...many(OK, 3),
    OFFLINE,
    ...many(OK, 7),
    OFFLINE,
    ...many(OK, 48),
    OFFLINE,
    ...many(OK, 139),
  ])
  const verdict = await verdictOn(since)
  expect(verdict.status).toBe('healthy')
  expect(verdict.reason).toMatch(/network failures 3 of 200 \(1\.5%\), vs 5\.0% \(previous 3\.0% by default/)
})

test('network failures are judged against the previous version’s own rate over its last day', async () => {
  const reads = healthStoreReads(store)
  const dayBefore = now
  loads('1.0.0', oneIn(5, OFFLINE, 25))
  const since = ++now
  loads('2.0.0', oneIn(5, OFFLINE, 45))
  // The new version's loads are not the previous version's, nor are loads before the day or after the release.
  expect(await reads.baseline('mf_loan', '1.0.0', dayBefore, since)).toEqual({ loads: 25, network: 5 })
  expect(await reads.baseline('mf_loan', '1.0.0', dayBefore + 10_500, since)).toEqual({
    loads: 15,
    network: 3,
  })
  // A previous version that lost one borrower in five to the network (a region with poor connections): the
  // same rate is no sign against the new one...
  const settings = { ...DEFAULT_WATCH, baselineMinLoads: 20 }
  const verdict = await verdictOn(since, settings)
  expect(verdict).toMatchObject({ status: 'waiting', loads: 45 })
  expect(verdict.reason).toContain('network failures 9 of 45 (20.0%) vs previous 20.0% of 25 loads')
  // ...while against the default rate, standing in for a previous version with too few loads, it fails.
  const against = await verdictOn(since)
  expect(against).toMatchObject({ status: 'failing', loads: 45 })
  expect(against.reason).toBe(
    'network failures 9 of 45 loads (20.0%) from 45 clients, above 5.0% (previous 3.0% by default (25 loads, ' +
      'fewer than 100) + 2.0%) (SPRT α 0.5%, β 0.5%); code 0 of 45 (0.0%)',
  )
}, 20_000)

test('a fallback from the new version is its load, with the class of why it failed', async () => {
  const since = now
  loads('2.0.0', [OK, REFUSED, OK, REFUSED, OK, REFUSED])
  expect(await verdictOn(since)).toEqual({
    status: 'failing',
    loads: 6,
    reason:
      'code failures 3 of 6 loads (50.0%) from 6 clients, above 1.0% (SPRT α 0.5%, β 0.5%); ' +
      'network 0 of 6 (0.0%) vs previous 3.0% by default (0 loads, fewer than 100)',
  })
})

test('the server’s watch rolls back a failing release that is still current, once, and leaves others alone', async () => {
  const cdnDir = join(dir, 'cdn')
  mkdirSync(cdnDir)
  const registryFile = join(cdnDir, 'registry.json')
  const entry = (v: string) => ({
    version: v,
    entry: `/remotes/mf-loan/${v}/mf-manifest.json`,
    previous: null,
    available: [v],
  })
  writeFileSync(
    registryFile,
    JSON.stringify({ remotes: { mf_loan: entry('2.0.0'), mf_site: entry('5.0.0') } }),
  )
  appendReleaseEvent(cdnDir, { at: now, kind: 'release', remote: 'mf_loan', from: '1.0.0', to: '2.0.0' })
  appendReleaseEvent(cdnDir, { at: now, kind: 'release', remote: 'mf_site', from: '4.0.0', to: '5.0.0' })
  const rollback = vi.fn()
  const watcher = createReleaseWatcher({
    reads: healthStoreReads(store),
    cdnDir,
    registryFile,
    settings: DEFAULT_WATCH,
    rollback,
    log: () => undefined,
    now: () => now,
  })
  loads('2.0.0', many(OK, 5))
  expect(await watcher.check()).toEqual([])
  loads('2.0.0', many(CRASH, 5))
  expect((await watcher.check()).map((e) => e.to)).toEqual(['2.0.0'])
  expect(rollback).toHaveBeenCalledWith(
    'mf_loan',
    '2.0.0',
    expect.stringMatching(
      /^release watch: code failures 3 of 8 loads \(37\.5%\) from 8 clients, above 1\.0%/,
    ),
  )
  expect(await watcher.check()).toEqual([])
  expect(rollback).toHaveBeenCalledTimes(1)
})

test('settings: RELEASE_WATCH_* over the defaults, every bad one named in one error', () => {
  expect(watchSettings({})).toEqual(DEFAULT_WATCH)
  expect(
    watchSettings({
      RELEASE_WATCH_CODE_H1: '0.2',
      RELEASE_WATCH_MAX_LOADS: '300',
      RELEASE_WATCH_WINDOW_MINUTES: '5',
      RELEASE_WATCH_BASELINE_HOURS: '6',
    }),
  ).toMatchObject({ codeH1: 0.2, maxLoads: 300, windowMs: 300_000, baselineMs: 6 * 3_600_000 })
  const error = (() => {
    try {
      watchSettings({
        RELEASE_WATCH_CODE_H0: '1%',
        RELEASE_WATCH_ALPHA: '0.5',
        RELEASE_WATCH_MAX_LOADS: '0',
        RELEASE_WATCH_NETWORK_H0_MARGIN: '0.2',
        RELEASE_WATCH_BASELINE_FLOOR: '0.05',
        RELEASE_WATCH_MIN_LOADS: '20',
      })
    } catch (thrown) {
      return String(thrown)
    }
    return ''
  })()
  expect(error).toContain('RELEASE_WATCH_CODE_H0: "1%" is not a rate above 0 and below 1')
  expect(error).toContain('RELEASE_WATCH_ALPHA: "0.5" is not an error rate above 0 and below 0.5')
  expect(error).toContain('RELEASE_WATCH_MAX_LOADS: "0" is not a whole number of at least 1')
  expect(error).toContain(
    'RELEASE_WATCH_NETWORK_H1_MARGIN (0.12) must be above RELEASE_WATCH_NETWORK_H0_MARGIN (0.2)',
  )
  expect(error).toContain(
    'RELEASE_WATCH_BASELINE_DEFAULT (0.03) must not be below RELEASE_WATCH_BASELINE_FLOOR (0.05)',
  )
  expect(error).toContain(
    'RELEASE_WATCH_MIN_LOADS is no longer read (the release judge of ADR 0041): it rolls back as soon as loads show a failing version',
  )
})

test('one client reloading a failing page is one load: the judge counts the page-load token’s client, not each report', async () => {
  const since = now
  loads('2.0.0', many(CRASH, 12), '0123456789abcdef')
  expect(await verdictOn(since)).toMatchObject({ status: 'waiting', loads: 1 })
  loads('2.0.0', many(OK, 3), 'fedcba9876543210')
  expect(await verdictOn(since)).toMatchObject({ status: 'waiting', loads: 2 })
})
