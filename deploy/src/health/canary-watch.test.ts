import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { DEFAULT_CANARY, type CanaryReads } from './canary-judge'
import { createCanaryWatcher } from './canary-watch'
import type { CountedLoad } from './judge'
import { DEFAULT_WATCH } from './release-watch'

let dir: string
let registryFile: string
const STEP_SINCE = 1_000_000

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'canary-watch-'))
  registryFile = join(dir, 'registry.json')
  const pointer = (version: string) => ({ version, entry: `/remotes/mf-site/${version}/mf-manifest.json` })
  writeFileSync(
    registryFile,
    JSON.stringify({
      remotes: {
        mf_site: {
          ...pointer('v1'),
          previous: null,
          available: ['v1', 'v2'],
          canary: { ...pointer('v2'), percent: 5, since: STEP_SINCE, stepSince: STEP_SINCE },
        },
      },
    }),
  )
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** The store as the canary judge reads it: `canary` loads of v2, the control's `control` clients. */
function reads(canary: CountedLoad[], control: number): CanaryReads {
  return {
    firstLoads: async (_r, version, _s, limit) => (version === 'v2' ? canary.slice(0, limit) : []),
    counts: async (_r, version) =>
      version === 'v2' ? { loads: canary.length, network: 0 } : { loads: control, network: 0 },
  }
}
const loads = (count: number, outcome: (i: number) => CountedLoad['outcome']) =>
  Array.from({ length: count }, (_, i) => ({
    at: i,
    client: `c${i}`,
    outcome: outcome(i),
    reason: outcome(i) === 'mounted' ? undefined : 'crashed: throws at mount',
  }))

function watcher(canary: CountedLoad[], control: number, now = STEP_SINCE + 60_000) {
  const calls: string[] = []
  const lines: string[] = []
  const w = createCanaryWatcher({
    reads: reads(canary, control),
    registryFile,
    settings: { ...DEFAULT_WATCH, ...DEFAULT_CANARY },
    nextStep: (percent) => (percent < 25 ? 25 : 100),
    abort: (remote, version, reason) => calls.push(`abort ${remote} ${version}: ${reason}`),
    promote: (remote, version, to) => calls.push(`promote ${remote} ${version} to ${to}`),
    log: (line) => lines.push(line),
    now: () => now,
  })
  return { w, calls, lines }
}

test('a healthy canary is promoted to its next step', async () => {
  const { w, calls } = watcher(
    loads(200, () => 'mounted'),
    3800,
  )
  await w.check()
  expect(calls).toEqual(['promote mf_site v2 to 25'])
  expect(w.states()).toMatchObject([{ remote: 'mf_site', version: 'v2', control: 'v1', status: 'healthy' }])
})

test('a canary throwing at mount for some borrowers is aborted with the figures', async () => {
  const { w, calls } = watcher(
    loads(200, (i) => (i % 4 === 0 ? 'retry-screen' : 'mounted')),
    3800,
  )
  await w.check()
  expect(calls).toHaveLength(1)
  expect(calls[0]).toMatch(/^abort mf_site v2: canary judge: code failures \d+ of \d+ loads/)
})

test('a split other than the one asked is aborted, whatever the outcomes', async () => {
  const { w, calls } = watcher(
    loads(200, () => 'mounted'),
    200,
  )
  await w.check()
  expect(calls[0]).toMatch(/^abort mf_site v2: canary judge: sample ratio mismatch: canary 200 of 400/)
})

test('undecided past its window, a canary is held where it is, logged once', async () => {
  const late = STEP_SINCE + DEFAULT_WATCH.windowMs + 1
  const { w, calls, lines } = watcher(
    loads(50, () => 'mounted'),
    950,
    late,
  )
  await w.check()
  await w.check()
  expect(calls).toEqual([])
  expect(w.states()).toMatchObject([{ status: 'held', percent: 5 }])
  expect(lines.filter((line) => line.includes('held at 5%'))).toHaveLength(1)
})
