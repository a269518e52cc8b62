import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { expect, test } from '@playwright/test'
import { benchTable, gitSameProduct, type Profiles } from '../perf/bench-table.ts'
import { budgetChecks, CHECK_NAMES, renderedShiftMs, type BudgetInput } from '../perf/budgets.ts'
import { benchRoutes } from '../perf/common.ts'
import {
  computeMetrics,
  PROBE_SCRIPT,
  SNAPSHOT_EXPRESSION,
  sweepMedian,
  type Medians,
  type Snapshot,
} from '../perf/metrics.ts'
import { kindOf } from '../perf/network-log.ts'

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

test('data on screen waits for the API calls, not for a picture the API host serves', () => {
  const timing = (path: string, end: number, initiator: string) => ({
    url: `https://x${path}`,
    start: 700,
    end,
    transfer: 1,
    encoded: 1,
    protocol: 'h2',
    initiator,
  })
  const snap: Snapshot = {
    lcp: 2400,
    lcpElement: 'div',
    fcp: 800,
    shifts: [],
    longTasks: [],
    readyAt: 2400,
    now: 4000,
    title: '',
    remoteMounted: true,
    remoteMountedAt: 2300,
    retryShown: false,
    document: timing('/loanDetails', 650, 'navigation'),
    resources: [
      timing('/utilities/v3/loan-details/loan-details', 1300, 'fetch'),
      timing('/utilities/demo-pictures/cashloan.svg', 3000, 'img'),
    ],
  }
  expect(computeMetrics(snap, 4000).metrics.readyMs).toBe(2400)
  const laterCall = timing('/utilities/v3/loan-details/other', 2900, 'xmlhttprequest')
  expect(computeMetrics({ ...snap, resources: [...snap.resources, laterCall] }, 4000).metrics.readyMs).toBe(
    2900,
  )
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
type Config = { valid: number; medians: Medians }
const config = (medians: Partial<Medians> = {}, valid = 7): Config => ({
  valid,
  medians: { ...GOOD, ...medians },
})
/** A route with every configuration at GOOD unless told otherwise. */
const input = (over: Partial<BudgetInput> = {}): BudgetInput => ({
  route: '/aboutUs',
  kind: 'static',
  nginx: config(),
  fed: config(),
  mono: config(),
  rendered: null,
  ...over,
})
/** PASS, FAIL or n/a per check, by name. */
const verdicts = (r: BudgetInput) =>
  Object.fromEntries(budgetChecks(r).map((c) => [c.name, c.pass === null ? 'n/a' : c.pass ? 'PASS' : 'FAIL']))

test("DESIGN §8's cold budgets: behind nginx, static routes by LCP 1.2 s, data routes by data on screen 2.3 s", () => {
  const [lcp, data, staticLcp, nginxNode, fedMono, js, waves, cls, interactive, rendered] = CHECK_NAMES
  expect(budgetChecks(input()).map((c) => c.name)).toEqual([...CHECK_NAMES])
  expect(verdicts(input())).toEqual({
    [lcp]: 'PASS',
    [data]: 'n/a',
    [staticLcp]: 'PASS',
    [nginxNode]: 'PASS',
    [fedMono]: 'PASS',
    [js]: 'n/a',
    [waves]: 'PASS',
    [cls]: 'PASS',
    [interactive]: 'PASS',
    [rendered]: 'n/a',
  })
  // Judged behind nginx: the same figures from the Node server alone fail nothing.
  const slowNginx = config({ lcpMs: 1201, cls: 0.011, interactiveMs: 2801, wavesBeforeLcp: 3 })
  const over = verdicts(input({ nginx: slowNginx }))
  for (const name of [staticLcp, nginxNode, waves, cls, interactive]) expect(over[name], name).toBe('FAIL')
  expect(verdicts(input({ fed: slowNginx, mono: slowNginx }))[staticLcp]).toBe('PASS')

  // A data route: data on screen ≤ 2.3 s and JS ≤ 145 KiB behind nginx (the monolith's ≤ 110 KiB on Node),
  // LCP ≤ 2.5 s, CLS up to 0.05.
  const dataRoute = (medians: Partial<Medians>) =>
    verdicts(
      input({
        route: '/loanDetails',
        kind: 'data',
        nginx: config({ lcpMs: 2300, cls: 0.04, readyMs: 2300, interactiveMs: Number.NaN, ...medians }),
        fed: config({ lcpMs: 2300, readyMs: 2300 }),
        mono: config({ lcpMs: 2050, readyMs: 2050 }),
      }),
    )
  expect(dataRoute({})).toMatchObject({
    [lcp]: 'PASS',
    [data]: 'PASS',
    [staticLcp]: 'n/a',
    [js]: 'PASS',
    [cls]: 'PASS',
    [interactive]: 'n/a',
    [fedMono]: 'PASS',
  })
  expect(dataRoute({ readyMs: 2301 })[data]).toBe('FAIL')
  expect(dataRoute({ lcpMs: 2501 })[lcp]).toBe('FAIL')
  expect(dataRoute({ jsBytesBeforeLcp: 145 * 1024 })[js]).toBe('PASS')
  expect(dataRoute({ jsBytesBeforeLcp: 145 * 1024 + 1 })[js]).toBe('FAIL')
  // nginx slower than Node on either figure fails.
  expect(dataRoute({ readyMs: 2301, lcpMs: 2300 })[nginxNode]).toBe('FAIL')
})

test('a data route rendered with its data behind nginx: data on screen ≤ 1.5 s and LCP ≤ 1.8 s; not rendered is a miss', () => {
  const rendered = CHECK_NAMES[9]
  const check = (r: Config | null) =>
    budgetChecks(input({ route: '/repay', kind: 'data', rendered: r })).find((c) => c.name === rendered)
  expect(check(config({ readyMs: 1500, lcpMs: 1800 }))).toMatchObject({
    pass: true,
    value: '1500 ms, 1800 ms',
  })
  expect(check(config({ readyMs: 1501, lcpMs: 1200 }))?.pass).toBe(false)
  expect(check(config({ readyMs: 1200, lcpMs: 1801 }))?.pass).toBe(false)
  expect(check(config({}, 0))).toMatchObject({ pass: false, value: 'no valid run' })
  // A data route whose page the release could not make a data page of is not rendered: it misses the line.
  expect(check(null)).toMatchObject({ pass: false, value: 'not rendered (no data page)' })
  // Not a data route: the check does not apply, whatever was measured.
  expect(verdicts(input({ rendered: config() }))[rendered]).toBe('n/a')
  // A route showing what the tab stored: no server has its data, so the check does not apply.
  expect(
    budgetChecks(input({ route: '/repaymentOfCode2', kind: 'data', rendered: null, tabData: true })).find(
      (c) => c.name === rendered,
    ),
  ).toMatchObject({ pass: null })
})

test("the rendered lines move by the run's static reference over 1.2 s, never below 1.5 s and 1.8 s (ADR 0060)", () => {
  const rendered = CHECK_NAMES[9]
  const check = (readyMs: number, lcpMs: number, referenceLcpMs?: number | null) =>
    budgetChecks(
      input({ route: '/repay', kind: 'data', rendered: config({ readyMs, lcpMs }), referenceLcpMs }),
    ).find((c) => c.name === rendered)
  // /aboutUs painted at 1,440 ms: the lines are 1,740 and 2,040 ms.
  expect(check(1740, 2040, 1440)).toMatchObject({
    pass: true,
    value: '1740 ms, 2040 ms (lines 1740 ms, 2040 ms: /aboutUs at 1440 ms)',
  })
  expect(check(1741, 1741, 1440)?.pass).toBe(false)
  expect(check(1500, 2041, 1440)?.pass).toBe(false)
  // A reference within its own budget, or none measured, moves nothing: the lines as written.
  expect(check(1500, 1800, 1100)).toMatchObject({ pass: true, value: '1500 ms, 1800 ms' })
  expect(check(1501, 1800, 1100)?.pass).toBe(false)
  expect(check(1501, 1800, null)?.pass).toBe(false)
  expect(check(1501, 1800, Number.NaN)?.pass).toBe(false)
  expect(renderedShiftMs(1440)).toBe(240)
  expect(renderedShiftMs(1200)).toBe(0)
  expect(renderedShiftMs(undefined)).toBe(0)
})

test('federation costs at most 0.25 s (a difference); the landings get 2.0 s and 3 waves', () => {
  const [, , staticLcp, , fedMono, , waves] = CHECK_NAMES
  const fedBy = (ms: number) =>
    verdicts(
      input({
        fed: config({ lcpMs: GOOD.lcpMs + ms }),
        nginx: config({ lcpMs: GOOD.lcpMs + ms }),
      }),
    )[fedMono]
  expect(fedBy(250)).toBe('PASS')
  expect(fedBy(251)).toBe('FAIL')
  const landing = (medians: Partial<Medians>) =>
    verdicts(
      input({
        route: '/promotion',
        nginx: config(medians),
        fed: config(medians),
        mono: config(medians),
      }),
    )
  expect(landing({ lcpMs: 1990, wavesBeforeLcp: 3 })).toMatchObject({ [staticLcp]: 'PASS', [waves]: 'PASS' })
  expect(landing({ lcpMs: 2010, wavesBeforeLcp: 4 })).toMatchObject({ [staticLcp]: 'FAIL', [waves]: 'FAIL' })
  expect(verdicts(input({ route: '/aboutUs', nginx: config({ lcpMs: 1300 }) }))[staticLcp]).toBe('FAIL')
})

test('a static route without the remote-mounted mark is not passed; a standalone entry has no monolith figure', () => {
  const [, , , , fedMono, , , , interactive] = CHECK_NAMES
  const unmarked = budgetChecks(input({ nginx: config({ interactiveMs: Number.NaN }) }))
  expect(unmarked.find((c) => c.name === interactive)).toMatchObject({
    pass: false,
    value: 'no remote-mounted mark',
  })
  expect(verdicts(input({ mono: null }))[fedMono]).toBe('n/a')
  expect(verdicts(input({ mono: config({ lcpMs: Number.NaN }) }))[fedMono]).toBe('FAIL')
  expect(
    budgetChecks(input({ nginx: config({}, 0), fed: config({}, 0), mono: config({}, 0) }))
      .filter((c) => c.pass !== null)
      .every((c) => c.pass === false),
  ).toBe(true)
})

test("JS before the data paints guards each build at its own line: 145 KiB federated (nginx), 110 KiB the monolith's (Node)", () => {
  const js = CHECK_NAMES[5]
  const check = (nginxJs: number, monoJs: number | null) =>
    budgetChecks(
      input({
        route: '/repay',
        kind: 'data',
        nginx: config({ jsBytesBeforeLcp: nginxJs }),
        // The Node server's federated figure is not what this check reads.
        fed: config({ jsBytesBeforeLcp: 500 * 1024 }),
        mono: monoJs === null ? null : config({ jsBytesBeforeLcp: monoJs }),
      }),
    ).find((c) => c.name === js)
  expect(check(145 * 1024, 110 * 1024)).toMatchObject({ pass: true, value: '145.0 KiB, monolith 110.0 KiB' })
  expect(check(145 * 1024, 110 * 1024 + 1)?.pass).toBe(false)
  expect(check(145 * 1024 + 1, 100 * 1024)?.pass).toBe(false)
  // Without a monolith page only the federated line applies.
  expect(check(144 * 1024, null)).toMatchObject({ pass: true, value: '144.0 KiB' })
  expect(
    budgetChecks(input({ route: '/repay', kind: 'data', mono: config({}, 0) })).find((c) => c.name === js),
  ).toMatchObject({ pass: false, value: '100.0 KiB, monolith: no valid run' })
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
          mf_repay: pointer('mf-repay'),
        },
      }),
    )
    const routes = Object.fromEntries(benchRoutes(registry).map((r) => [r.path, r]))
    expect(routes['/standalone/promotion']).toMatchObject({ kind: 'static', monolith: false, remote: null })
    expect(routes['/promotion']).toMatchObject({ kind: 'static', monolith: true, remote: 'mf_promotion' })
    expect(routes['/aboutUs']).toMatchObject({ kind: 'static', monolith: true })
    expect(routes['/loanDetails']).toMatchObject({ kind: 'data', monolith: true })
    expect(routes['/testPreview']).toMatchObject({ kind: 'shell', monolith: true })
    // The same guidance for every borrower is a static page; code page 2 shows what /repay left in the tab.
    expect(routes['/paymentInstructions']).toMatchObject({ kind: 'static', remote: 'mf_repay' })
    expect(routes['/repaymentOfCode2']).toMatchObject({ kind: 'data', storageFrom: { key: 'repayInfo' } })
    // A subset with a data route measures the rendered lines' static reference with it (ADR 0060).
    const subset = (only: string) => {
      const before = process.env.BENCH_ROUTES
      process.env.BENCH_ROUTES = only
      try {
        return benchRoutes(registry).map((r) => r.path)
      } finally {
        if (before === undefined) delete process.env.BENCH_ROUTES
        else process.env.BENCH_ROUTES = before
      }
    }
    expect(subset('/repay')).toEqual(['/repay', '/aboutUs'])
    expect(subset('/aboutUs,/repay')).toEqual(['/aboutUs', '/repay'])
    expect(subset('/privacyPolicy')).toEqual(['/privacyPolicy'])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

// Issue #26, item 5: with BENCH_SWEEPS, a budget judges the median of the sweeps' medians.
test('one sweep: the plain median of its runs', () => {
  const runs = [2700, 2500, 2900].map((value) => ({ sweep: 1, value }))
  expect(sweepMedian(runs)).toEqual({ median: 2700, sweeps: [2700] })
})

test("several sweeps: each sweep's median, in sweep order, and their median, not the median of all runs", () => {
  const runs = [
    ...[2600, 2610, 2620].map((value) => ({ sweep: 2, value })),
    ...[2400, 2410, 3000].map((value) => ({ sweep: 1, value })),
    ...[2900, 2950, 2990].map((value) => ({ sweep: 3, value })),
  ]
  // The median of the nine runs would be 2620: each sweep weighs once, whatever its runs.
  expect(sweepMedian(runs)).toEqual({ median: 2610, sweeps: [2410, 2610, 2950] })
})

test('a run without a value is left out of its sweep; no value at all is no median', () => {
  expect(
    sweepMedian([
      { sweep: 1, value: Number.NaN },
      { sweep: 2, value: 10 },
    ]),
  ).toEqual({ median: 10, sweeps: [10] })
  expect(Number.isNaN(sweepMedian([]).median)).toBe(true)
})

// Issue #26's table: the three profiles' reports in one table (`pnpm bench:table`).
test("the table puts each profile's figures side by side, names its failed budgets and its commits", () => {
  const figures = (readyMs: number, lcpMs: number) => ({ readyMs, lcpMs })
  const revisit = (readyMs: number, fileBytes: number) => ({
    valid: 3,
    medians: { readyMs, lcpMs: readyMs, fileBytes, releasedBytes: fileBytes },
  })
  const route = '/loanDetails'
  const profiles: Profiles = {
    cold: {
      generated: 'built from commit aaaaaaa, measured 2026-11-27T01:00:00Z',
      runs: 3,
      sweeps: 3,
      routes: [
        {
          route,
          kind: 'data',
          federated: figures(2756, 2756),
          monolithic: figures(3024, 2990),
          nginx: figures(2800, 2756),
          checks: [
            { name: 'LCP ≤ 2.5 s', value: '2756 ms', pass: false },
            { name: 'CLS ≤ 0.05', value: '0.000', pass: true },
          ],
        },
      ],
    },
    warm: null,
    release: {
      generated: 'built from commit bbbbbbb, measured 2026-11-28T01:00:00Z',
      runs: 1,
      sweeps: 3,
      release: { pkg: 'mf-loan', before: '1.0.0-a', after: '1.0.0-b', bytes: 145_749 },
      routes: [
        {
          route,
          kind: 'data',
          federated: revisit(1756, 35_793),
          monolithic: revisit(2532, 121_993),
          nginx: { valid: 0, medians: { readyMs: NaN, lcpMs: NaN, fileBytes: NaN, releasedBytes: null } },
          checks: [{ name: 'only the released files', value: '35.0 KiB', pass: true }],
        },
      ],
    },
  }
  const table = benchTable(profiles, () => true)
  const row = table.split('\n').find((line) => line.startsWith('| `/loanDetails` | data'))
  expect(row?.split(' | ')).toEqual([
    '| `/loanDetails`',
    'data',
    '2,756',
    '3,024 / 2,990',
    '2,800 / 2,756',
    'n/a',
    'not measured',
    'not measured',
    'not measured',
    'not measured',
    '1,756',
    '2,532',
    'no valid run',
    'n/a',
    '35.0 KiB / 119.1 KiB / – / – |',
  ])
  expect(table).toContain('| `/loanDetails` | LCP ≤ 2.5 s: 2756 ms | not measured | none |')
  expect(table).toContain(
    '- cold: built from commit aaaaaaa, measured 2026-11-27T01:00:00Z; 3 sweeps of 3 runs',
  )
  expect(table).toContain('- warm: not measured (no report)')
  expect(table).toContain('which differ only in the benchmark')
  expect(benchTable(profiles, () => false)).toContain(
    '**Measured on commits that build different products: aaaaaaa, bbbbbbb.**',
  )
})

test('two commits are one product when only the benchmark and the docs differ between them', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-table-'))
  try {
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
        cwd: dir,
        encoding: 'utf8',
      })
    const commit = (file: string, text: string) => {
      mkdirSync(dirname(join(dir, file)), { recursive: true })
      writeFileSync(join(dir, file), text)
      git('add', '-A')
      git('commit', '-qm', file)
      return git('rev-parse', 'HEAD').trim()
    }
    git('init', '-q')
    const first = commit('shell/src/app.ts', 'export const a = 1\n')
    const bench = commit('e2e/perf/bench-load.ts', 'export {}\n')
    const docs = commit('docs/decisions/0021.md', '# 0021\n')
    const product = commit('shell/src/app.ts', 'export const a = 2\n')
    expect(gitSameProduct(first, bench, dir)).toBe(true)
    expect(gitSameProduct(first, docs, dir)).toBe(true)
    expect(gitSameProduct(docs, product, dir)).toBe(false)
    // "abc1234 + uncommitted changes" and anything else that is no commit id: never known to be the same.
    expect(gitSameProduct(`${first} + uncommitted changes`, first, dir)).toBe(false)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test("the warm and release profiles count the page's health beacon apart from the files it downloads", () => {
  const at = (path: string) => new URL(path, 'https://localhost:4400')
  expect(kindOf(at('/health/reports'), false)).toBe('report')
  expect(kindOf(at('/favicon.svg'), false)).toBe('file')
  expect(kindOf(at('/registry.json'), false)).toBe('registry')
  expect(kindOf(at('/utilities/v3/loan-details'), false)).toBe('api')
  expect(kindOf(at('/loanDetails'), true)).toBe('document')
})
