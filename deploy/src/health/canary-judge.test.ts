import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64'
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus'
import { describe, expect, test } from 'vitest'
import { DEFAULT_CANARY, judgeCanary, sampleRatio, type CanaryReads } from './canary-judge'
import { DEFAULT_JUDGE, type Baseline, type CountedLoad } from './judge'

const SETTINGS = { ...DEFAULT_JUDGE, ...DEFAULT_CANARY }

describe('the sample-ratio check', () => {
  test('the split asked passes; one side short by a tenth of its borrowers does not', () => {
    expect(sampleRatio(500, 500, 50)).toMatchObject({ chiSquare: 0, pValue: 1, mismatch: false })
    // 600 of 1,000 at 50%: χ² = 40, p = 2.5e-10.
    const skewed = sampleRatio(600, 400, 50)
    expect(skewed.chiSquare).toBeCloseTo(40, 6)
    expect(skewed.pValue).toBeLessThan(1e-9)
    expect(skewed).toMatchObject({ mismatch: true })
    expect(skewed.says).toBe(
      'canary 600 of 1000 clients (60.0%), asked 50.0%: χ² 40.0, p 2.5e-10 below 0.001',
    )
    // At 5%, 100 of 1,000 is twice the share: χ² = 52.6.
    expect(sampleRatio(100, 900, 5).chiSquare).toBeCloseTo(52.63, 2)
    expect(sampleRatio(55, 945, 5).mismatch).toBe(false)
  })

  test('too few clients are not checked', () => {
    expect(sampleRatio(90, 9, 50)).toMatchObject({ mismatch: false, pValue: 1 })
    expect(sampleRatio(90, 9, 50).says).toContain('checked from 100')
  })

  test('its stated error rate: a true split of 1,000 clients is called a mismatch about 0.1% of the time', () => {
    const rng = xoroshiro128plus(44)
    const draw = () => uniformFloat64(rng)
    const trials = 4000
    let mismatches = 0
    for (let t = 0; t < trials; t++) {
      const percent = [5, 25, 50][t % 3]
      let canary = 0
      for (let i = 0; i < 1000; i++) if (draw() < percent / 100) canary++
      if (sampleRatio(canary, 1000 - canary, percent).mismatch) mismatches++
    }
    // Expected 4 of 4,000 at α 0.1%; the bound allows for the chi-square approximation at 5% of 1,000.
    expect(mismatches / trials).toBeLessThan(0.004)
  })
})

describe('judged against its control group', () => {
  let clock = 0
  const load = (client: string, outcome: CountedLoad['outcome'], reason?: string): CountedLoad => ({
    at: ++clock,
    client,
    outcome,
    reason,
  })
  const canaryLoads = (count: number, failEvery = 0) =>
    Array.from({ length: count }, (_, i) =>
      failEvery && i % failEvery === 0
        ? load(`k${i}`, 'retry-screen', 'crashed: broken release: throws at mount')
        : load(`k${i}`, 'mounted'),
    )
  /** Reads answering `loads` for the canary, `control` for the control and the canary's own count. */
  const reads = (loads: CountedLoad[], control: Baseline, canaryClients = loads.length): CanaryReads => ({
    firstLoads: async (_remote, version, _since, limit) => (version === 'v2' ? loads.slice(0, limit) : []),
    counts: async (_remote, version) => (version === 'v2' ? { loads: canaryClients, network: 0 } : control),
  })
  const canary = { version: 'v2', percent: 25, stepSince: 1 }

  test('a healthy canary is healthy after its 200 clients, beside a control of the same minutes', async () => {
    const verdict = await judgeCanary(
      reads(canaryLoads(200), { loads: 600, network: 18 }),
      'mf_site',
      canary,
      'v1',
      SETTINGS,
    )
    expect(verdict.status).toBe('healthy')
    expect(verdict.reason).toContain('control 3.0% of 600 loads')
    expect(verdict.reason).toContain('canary 200 of 800 clients (25.0%), asked 25.0%')
    expect(verdict.reason).not.toContain('previous')
  })

  test('a canary throwing at mount for one borrower in five fails within its first loads', async () => {
    const verdict = await judgeCanary(
      reads(canaryLoads(200, 5), { loads: 600, network: 18 }),
      'mf_site',
      canary,
      'v1',
      SETTINGS,
    )
    expect(verdict.status).toBe('failing')
    expect(verdict.loads).toBeLessThan(40)
    expect(verdict.reason).toMatch(/^code failures \d+ of \d+ loads/)
  })

  test('a split other than the one asked fails before the outcomes are compared', async () => {
    const verdict = await judgeCanary(
      reads(canaryLoads(200), { loads: 200, network: 6 }, 200),
      'mf_site',
      canary,
      'v1',
      SETTINGS,
    )
    expect(verdict.status).toBe('failing')
    expect(verdict.reason).toMatch(
      /^sample ratio mismatch: canary 200 of 400 clients \(50\.0%\), asked 25\.0%/,
    )
  })

  test("the network test's rate to beat is the control's over the same minutes", async () => {
    // 10% of the control's loads lose a file: the canary's 12% is within its H0 (control + 2%) and passes.
    const loads = Array.from({ length: 200 }, (_, i) =>
      i % 25 < 3 ? load(`n${i}`, 'retry-screen', 'manifest: Failed to fetch') : load(`n${i}`, 'mounted'),
    )
    const verdict = await judgeCanary(
      reads(loads, { loads: 600, network: 60 }),
      'mf_site',
      canary,
      'v1',
      SETTINGS,
    )
    expect(verdict.status).toBe('healthy')
    expect(verdict.reason).toContain('control 10.0% of 600 loads')
  })
})
