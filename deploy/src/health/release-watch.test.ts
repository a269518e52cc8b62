import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { HealthReport } from 'shared/health/report'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { appendReleaseEvent } from '../release/release-log'
import { HealthStore } from './health-store'
import { createReleaseWatcher, DEFAULT_WATCH, judgeRelease, watchSettings } from './release-watch'

let dir: string
let now: number
let store: HealthStore
const SETTINGS = { ...DEFAULT_WATCH, minLoads: 10 }

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
let loadCount = 0
/** One borrower each: their page load's report, the first `errors` of them with an uncaught error. */
function loads(version: string, outcomes: Outcome[], errors = 0) {
  outcomes.forEach((outcome, i) => {
    now += 1000
    const fellBack = outcome === 'fallback'
    const id = `load-${++loadCount}`
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
            phases: {},
          },
        ],
        vitals: [],
        errors: i < errors ? [{ remote: 'mf_loan', version, kind: 'error', message: 'x' }] : [],
        calls: [],
      },
      { loadId: id, client: `client-${id}`, route: '/loanDetails', remote: 'mf_loan', issuedAt: now },
    )
  })
}

const many = (outcome: Outcome, count: number): Outcome[] => Array(count).fill(outcome)

test('too few loads yet: waiting; past the window without them: expired', async () => {
  const since = now
  loads('2.0.0', many('mounted', 9))
  expect(await judgeRelease(store, 'mf_loan', '2.0.0', '1.0.0', since, SETTINGS, now)).toEqual({
    status: 'waiting',
    loads: 9,
  })
  expect(
    await judgeRelease(store, 'mf_loan', '2.0.0', '1.0.0', since, SETTINGS, since + SETTINGS.windowMs + 1),
  ).toEqual({
    status: 'expired',
    loads: 9,
  })
})

test('a version that mounts for its first loads is healthy', async () => {
  const since = now
  loads('2.0.0', many('mounted', 10))
  expect(await judgeRelease(store, 'mf_loan', '2.0.0', '1.0.0', since, SETTINGS, now)).toEqual({
    status: 'healthy',
    loads: 10,
  })
})

test.each([
  [
    'mount failures',
    [...many('retry-screen', 1), ...many('mount-timeout', 1), ...many('mounted', 8)],
    0,
    /mount failures 20\.0% > 5\.0%/,
  ],
  ['fallbacks', [...many('fallback', 2), ...many('mounted', 8)], 0, /fallbacks 20\.0% > 5\.0%/],
  ['errors', many('mounted', 10), 3, /errors 0\.30\/load > 0\.00 \(1\.0\.0\) \+ 0\.1/],
])('%s past the threshold over the first loads: failing, saying why', async (_, outcomes, errors, reason) => {
  const since = now
  loads('2.0.0', outcomes, errors)
  const verdict = await judgeRelease(store, 'mf_loan', '2.0.0', '1.0.0', since, SETTINGS, now)
  expect(verdict.status).toBe('failing')
  expect(verdict.status === 'failing' && verdict.reason).toMatch(reason)
  expect(verdict.status === 'failing' && verdict.reason).toContain('over its first 10 loads')
})

test('errors are judged against the previous version’s own rate', async () => {
  loads('1.0.0', many('mounted', 10), 3)
  const since = now
  loads('2.0.0', many('mounted', 10), 3)
  const verdict = await judgeRelease(store, 'mf_loan', '2.0.0', '1.0.0', since, SETTINGS, now)
  expect(verdict.status).toBe('healthy')
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
    store,
    cdnDir,
    registryFile,
    settings: SETTINGS,
    rollback,
    log: () => undefined,
    now: () => now,
  })
  loads('2.0.0', many('mounted', 5))
  expect(await watcher.check()).toEqual([])
  loads('2.0.0', many('mount-timeout', 5))
  expect((await watcher.check()).map((e) => e.to)).toEqual(['2.0.0'])
  expect(rollback).toHaveBeenCalledWith(
    'mf_loan',
    '2.0.0',
    expect.stringMatching(/^release watch: mount failures 50\.0%/),
  )
  expect(await watcher.check()).toEqual([])
  expect(rollback).toHaveBeenCalledTimes(1)
})

test('settings: RELEASE_WATCH_* over the defaults, checked', () => {
  expect(watchSettings({})).toEqual(DEFAULT_WATCH)
  expect(watchSettings({ RELEASE_WATCH_MIN_LOADS: '6', RELEASE_WATCH_WINDOW_MINUTES: '5' })).toMatchObject({
    minLoads: 6,
    windowMs: 300_000,
  })
  expect(() => watchSettings({ RELEASE_WATCH_MAX_MOUNT_FAILURES: '5%' })).toThrow(
    /RELEASE_WATCH_MAX_MOUNT_FAILURES/,
  )
  expect(() => watchSettings({ RELEASE_WATCH_MIN_LOADS: '0' })).toThrow(/RELEASE_WATCH_MIN_LOADS/)
})
