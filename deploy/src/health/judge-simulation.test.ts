import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64'
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus'
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator'
import type { RemoteOutcome } from 'shared/health'
import { afterAll, expect, test } from 'vitest'
import { DEFAULT_JUDGE, judge, type Baseline, type CountedLoad } from './judge'

/**
 * Issue #41's requirements of the release judge, shown over thousands of synthetic releases (seeded, so every
 * run sees the same ones): a version failing 20% of its loads is rolled back with ≥ 99% probability within
 * 200 loads; a healthy version whose network failures are 3%, as the previous version's were, is rolled back
 * ≤ 1% of the time, the previous rate estimated from 300–2,000 of its loads. ADR 0033's rule is judged on the
 * same releases. `JUDGE_SIMULATION_REPORT=1` prints the measured rates (docs/perf/release-judge.md).
 */
const RELEASES = 5000

type Failure = [RemoteOutcome, string]
const CHUNK = 'https://loans.example.ph/remotes/mf-loan/2.0.0-4f1c2a/assets/app-Bq3kXz.js'
/** What a version's own fault looks like in reports: thrown, refused, never mounted. */
const CODE: Failure[] = [
  ['retry-screen', "crashed: Cannot read properties of undefined (reading 'amount')"],
  ['fallback', "entry: undefined is not an object (evaluating 'e.mount')"],
  ['contract-refused', 'contract: incompatible contract 9'],
  ['mount-timeout', 'mf_loan did not finish mounting within # ms'],
]
/** What a file that never arrived looks like, in each engine and from the loader's timers. */
const NETWORK: Failure[] = [
  ['retry-screen', `entry: Failed to fetch dynamically imported module: ${CHUNK}`],
  ['fallback', `entry: error loading dynamically imported module: ${CHUNK}`],
  ['retry-screen', 'entry: Importing a module script failed.'],
  ['fallback', 'manifest: Failed to fetch'],
  ['retry-screen', 'manifest: NetworkError when attempting to fetch resource.'],
  ['fallback', 'manifest: Load failed'],
  ['retry-screen', 'entry: timed out after # ms'],
]
/** The issue's reading of ADR 0033's rule: every failure a retry screen. */
const RETRY_ONLY = (failures: Failure[]) => failures.filter(([outcome]) => outcome === 'retry-screen')

interface Scenario {
  name: string
  /** Share of loads the version itself fails, as code and as network failures. */
  code: number
  network: number
  /** Network failures of every other load, whatever the version (borrowers' connections). */
  noise: number
  /** Borrowers who reload: after a failure up to 3 times, after a mount now and then. */
  duplicates: boolean
  /** Every failure a retry screen, as the issue measured ADR 0033's rule; else all kinds of outcome. */
  retryScreensOnly: boolean
}

const bad = (name: string, code: number, network: number, extra: Partial<Scenario> = {}): Scenario => ({
  name,
  code,
  network,
  noise: 0.03,
  duplicates: false,
  retryScreensOnly: false,
  ...extra,
})
const ISSUE_BAD = bad('the issue’s: retry screens on 20% of loads, no noise', 0.2, 0, {
  noise: 0,
  retryScreensOnly: true,
})
const ISSUE_HEALTHY = bad('the issue’s: healthy, 3% network retry screens', 0, 0, { retryScreensOnly: true })
const FAILING: Scenario[] = [
  bad('code failures 20%, network noise 3%', 0.2, 0),
  bad('network failures 20% on top of 3% noise', 0, 0.2),
  bad('a mix: 10% code, 10% network, 3% noise', 0.1, 0.1),
  bad('a mix: 5% code, 15% network, 3% noise', 0.05, 0.15),
  bad('code failures 20%, with reloads', 0.2, 0, { duplicates: true }),
  bad('a mix: 10% code, 10% network, with reloads', 0.1, 0.1, { duplicates: true }),
  ISSUE_BAD,
]
const HEALTHY: Scenario[] = [
  bad('healthy: network failures 3%', 0, 0),
  bad('healthy: network failures 3%, with reloads', 0, 0, { duplicates: true }),
  ISSUE_HEALTHY,
  // Both tests' H0: code failures 1%, network failures 5% (the previous 3% + 2%). Each test's α is 0.5%.
  bad('at both H0: code 1%, network 5%', 0.01, 0, { noise: 0.0505 }),
]
/** Each test's H1 (code 10%; network 15%, the previous 3% + 12%): β is 0.5% before the 200-load limit. */
const AT_H1 = [
  { s: bad('at the code test’s H1: code 10%, network noise 3%', 0.1, 0), least: 0.99 },
  { s: bad('at the network test’s H1: network 15%', 0, 0.1237), least: 0.9 },
]

const draw = (rng: RandomGenerator) => uniformFloat64(rng)
const pick = <T>(rng: RandomGenerator, items: T[]) => items[Math.floor(draw(rng) * items.length)]

/** One load of the version: its own failure, else the network's now and then, else mounted. */
function outcomeOf(rng: RandomGenerator, s: Scenario): Failure | ['mounted', undefined] {
  const code = s.retryScreensOnly ? RETRY_ONLY(CODE) : CODE
  const network = s.retryScreensOnly ? RETRY_ONLY(NETWORK) : NETWORK
  const u = draw(rng)
  if (u < s.code) return pick(rng, code)
  if (u < s.code + s.network || draw(rng) < s.noise) return pick(rng, network)
  return ['mounted', undefined]
}

/** The previous version over its last day: 300–2,000 loads at 3% network failures, as a store counts them. */
function previousDay(rng: RandomGenerator): Baseline {
  const loads = 300 + Math.floor(draw(rng) * 1701)
  let network = 0
  for (let i = 0; i < loads; i++) if (draw(rng) < 0.03) network += 1
  return { loads, network }
}

/**
 * A new version's loads in arrival order, up to `distinct` clients. With `duplicates`, a borrower whose load
 * failed reloads up to 3 times (each 60%) and one whose load mounted comes back 20% of the time, a few
 * clients later; each reload draws its outcome afresh.
 */
function releaseLoads(rng: RandomGenerator, s: Scenario, distinct: number): CountedLoad[] {
  const loads: CountedLoad[] = []
  const later: { due: number; client: string }[] = []
  const add = (client: string) => {
    const [outcome, reason] = outcomeOf(rng, s)
    loads.push({ at: loads.length, client, outcome, reason })
    return outcome !== 'mounted'
  }
  for (let i = 0; i < distinct; i++) {
    while (later.length && later[0].due <= i) add(later.shift()!.client)
    const client = `c${i}`
    const failed = add(client)
    if (!s.duplicates) continue
    const reloads = failed ? [0.6, 0.6, 0.6].findIndex((p) => draw(rng) >= p) : draw(rng) < 0.2 ? 1 : 0
    for (let r = 0; r < (reloads < 0 ? 3 : reloads); r++) {
      later.push({ due: i + 1 + Math.floor(draw(rng) * 10), client })
    }
    later.sort((a, b) => a.due - b.due)
  }
  return loads
}

/** ADR 0033's judge: over the first 20 loads, mount failures or fallbacks above 5% each (no clients). */
function adr0033(loads: CountedLoad[]): boolean {
  const first = loads.slice(0, 20)
  const share = (outcomes: RemoteOutcome[]) =>
    first.filter((l) => outcomes.includes(l.outcome)).length / first.length
  return share(['retry-screen', 'contract-refused', 'mount-timeout']) > 0.05 || share(['fallback']) > 0.05
}

interface Measured {
  rolledBack: number
  /** Median loads to a decision (rollback or healthy). */
  medianLoads: number
  /** Loads the rolled-back releases had (each client once), at most. */
  mostLoadsToRollback: number
  /** The same releases judged by ADR 0033's rule. */
  rolledBackByAdr0033: number
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

function simulate(s: Scenario, seed: number): Measured {
  const rng = xoroshiro128plus(seed)
  let rolledBack = 0
  let old = 0
  const decidedAfter: number[] = []
  let mostToRollback = 0
  for (let r = 0; r < RELEASES; r++) {
    const baseline = previousDay(rng)
    const loads = releaseLoads(rng, s, DEFAULT_JUDGE.maxLoads)
    const verdict = judge(loads, baseline)
    decidedAfter.push(verdict.loads)
    if (verdict.status === 'failing') {
      rolledBack += 1
      mostToRollback = Math.max(mostToRollback, verdict.loads)
    }
    if (adr0033(loads)) old += 1
  }
  return {
    rolledBack: rolledBack / RELEASES,
    medianLoads: median(decidedAfter),
    mostLoadsToRollback: mostToRollback,
    rolledBackByAdr0033: old / RELEASES,
  }
}

const ALL = [...FAILING, ...HEALTHY, ...AT_H1.map(({ s }) => s)]
const results = new Map<string, Measured>()
const measured = (s: Scenario) => {
  let found = results.get(s.name)
  if (!found) {
    found = simulate(s, 41_000 + ALL.findIndex((known) => known.name === s.name))
    results.set(s.name, found)
  }
  return found
}

test.each(FAILING)(
  'a failing version is rolled back with a probability of at least 0.99 within 200 loads: $name',
  (s) => {
    const m = measured(s)
    expect(m.rolledBack).toBeGreaterThanOrEqual(0.99)
    expect(m.mostLoadsToRollback).toBeLessThanOrEqual(200)
  },
)

test.each(HEALTHY)('a healthy version is rolled back with a probability of at most 0.01: $name', (s) => {
  expect(measured(s).rolledBack).toBeLessThanOrEqual(0.01)
})

test.each(AT_H1.map(({ s, least }) => ({ ...s, least })))(
  'at a test’s own H1 the 200-load limit costs some power: $name',
  (s) => {
    expect(measured(s).rolledBack).toBeGreaterThanOrEqual(s.least)
  },
)

test('ADR 0033’s rule fails the same simulation: it passes 1 in 5 failing, rolls back healthy ones', () => {
  // The issue measured 6.9% and 12%: 0.8^20 + 20·0.2·0.8^19 and 1 − 0.97^20 − 20·0.03·0.97^19.
  expect(measured(ISSUE_BAD).rolledBackByAdr0033).toBeLessThan(0.95)
  expect(measured(ISSUE_HEALTHY).rolledBackByAdr0033).toBeGreaterThan(0.1)
})

afterAll(() => {
  if (!process.env.JUDGE_SIMULATION_REPORT) return
  const pct = (n: number) => `${(100 * n).toFixed(2)}%`
  const lines = ALL.map((s) => {
    const m = measured(s)
    return `| ${s.name} | ${pct(m.rolledBack)} | ${m.medianLoads} | ${m.mostLoadsToRollback || '-'} | ${pct(m.rolledBackByAdr0033)} |`
  })
  console.log(`${RELEASES} releases each\n${lines.join('\n')}`)
})
