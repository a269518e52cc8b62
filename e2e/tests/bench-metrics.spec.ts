import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { budgetChecks, CHECK_NAMES, type BudgetInput } from '../perf/budgets.ts'
import { benchRoutes } from '../perf/common.ts'
import {
  computeMetrics,
  PROBE_SCRIPT,
  SNAPSHOT_EXPRESSION,
  type Medians,
  type Snapshot,
} from '../perf/metrics.ts'

/** `pnpm bench:load`'s own logic (e2e/perf): what it reads in the page, and how it checks the budgets. */

test("interactiveMs is the shell's remote-mounted mark, null on a page without one", async ({ page }) => {
  await page.setContent('<!doctype html><div id="root"></div>')
  await page.evaluate(PROBE_SCRIPT)
  const before = (await page.evaluate(SNAPSHOT_EXPRESSION)) as Snapshot
  expect(before.remoteMountedAt).toBeNull()
  const markedAt = (await page.evaluate("performance.mark('remote-mounted').startTime")) as number
  const after = (await page.evaluate(SNAPSHOT_EXPRESSION)) as Snapshot
  expect(after.remoteMountedAt).toBe(markedAt)

  const loaded: Snapshot = {
    ...after,
    lcp: 900,
    fcp: 800,
    document: {
      url: 'https://x/',
      start: 0,
      end: 700,
      transfer: 1,
      encoded: 1,
      protocol: 'h2',
      initiator: '',
    },
  }
  expect(computeMetrics(loaded, 3000).metrics.interactiveMs).toBe(markedAt)
  expect(computeMetrics({ ...loaded, remoteMountedAt: null }, 3000).metrics.interactiveMs).toBeNull()
})

const GOOD: Medians = {
  lcpMs: 1100,
  fcpMs: 700,
  cls: 0.005,
  tbtMs: 0,
  readyMs: 2000,
  interactiveMs: 2500,
  jsBytesBeforeLcp: 100 * 1024,
  requestsBeforeLcp: 5,
  wavesBeforeLcp: 2,
}
const input = (over: Partial<BudgetInput>, medians: Partial<Medians> = {}): BudgetInput => ({
  kind: 'static',
  valid: 7,
  lcpRatio: 1.05,
  nginxRatio: 1.05,
  ...over,
  medians: { ...GOOD, ...medians },
})
/** PASS, FAIL or n/a per check, by name. */
const verdicts = (r: BudgetInput) =>
  Object.fromEntries(budgetChecks(r).map((c) => [c.name, c.pass === null ? 'n/a' : c.pass ? 'PASS' : 'FAIL']))

test("issue #16's budgets: static routes by LCP, CLS 0.01 and interactive; data routes by data on screen", () => {
  const [fedMono, nginxNode, waves, js, cls, lcp, interactive, data] = CHECK_NAMES
  expect(budgetChecks(input({})).map((c) => c.name)).toEqual([...CHECK_NAMES])
  expect(verdicts(input({}))).toEqual({
    [fedMono]: 'PASS',
    [nginxNode]: 'PASS',
    [waves]: 'PASS',
    [js]: 'PASS',
    [cls]: 'PASS',
    [lcp]: 'PASS',
    [interactive]: 'PASS',
    [data]: 'n/a',
  })
  const over = verdicts(
    input(
      { lcpRatio: 1.06, nginxRatio: 1.051 },
      { lcpMs: 1201, cls: 0.011, interactiveMs: 2801, wavesBeforeLcp: 3 },
    ),
  )
  for (const name of [fedMono, nginxNode, waves, cls, lcp, interactive]) expect(over[name], name).toBe('FAIL')

  // A data route: the static budgets do not apply, CLS up to 0.05 does, and the data must be on screen in 2.2 s.
  const dataRoute = verdicts(input({ kind: 'data' }, { lcpMs: 2000, cls: 0.04, interactiveMs: Number.NaN }))
  expect(dataRoute).toMatchObject({ [lcp]: 'n/a', [interactive]: 'n/a', [cls]: 'PASS', [data]: 'PASS' })
  expect(verdicts(input({ kind: 'data' }, { readyMs: 2201 }))[data]).toBe('FAIL')
})

test('a static route without the remote-mounted mark is not passed; a standalone entry has no monolith ratio', () => {
  const [fedMono, , , , , , interactive] = CHECK_NAMES
  const unmarked = budgetChecks(input({}, { interactiveMs: Number.NaN }))
  expect(unmarked.find((c) => c.name === interactive)).toMatchObject({
    pass: false,
    value: 'no remote-mounted mark',
  })
  expect(verdicts(input({ lcpRatio: 'n/a' }))[fedMono]).toBe('n/a')
  expect(verdicts(input({ lcpRatio: null }))[fedMono]).toBe('FAIL')
  expect(
    budgetChecks(input({ valid: 0 }))
      .filter((c) => c.pass !== null)
      .every((c) => c.pass === false),
  ).toBe(true)
})

test('the benchmark measures the standalone promotion entry as a static route without a monolith page', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-routes-'))
  try {
    const registry = join(dir, 'registry.json')
    const pointer = (pkg: string) => ({
      version: '1',
      entry: `/remotes/${pkg}/1/mf-manifest.json`,
      previous: null,
    })
    writeFileSync(
      registry,
      JSON.stringify({
        remotes: {
          mf_site: pointer('mf-site'),
          mf_loan: pointer('mf-loan'),
          mf_promotion: pointer('mf-promotion'),
        },
      }),
    )
    const routes = Object.fromEntries(benchRoutes(registry).map((r) => [r.path, r]))
    expect(routes['/standalone/promotion']).toMatchObject({ kind: 'static', monolith: false, remote: null })
    expect(routes['/promotion']).toMatchObject({ kind: 'static', monolith: true, remote: 'mf_promotion' })
    expect(routes['/aboutUs']).toMatchObject({ kind: 'static', monolith: true })
    expect(routes['/loanDetails']).toMatchObject({ kind: 'data', monolith: true })
    expect(routes['/testPreview']).toMatchObject({ kind: 'shell', monolith: true })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
