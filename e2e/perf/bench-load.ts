import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from '@playwright/test'
import { BUDGET, budgetChecks, CHECK_NAMES, RENDERED_REFERENCE, verdict, type Check } from './budgets.ts'
import {
  benchRoutes,
  buildFederated,
  buildMonolith,
  federatedBuildPresent,
  kib,
  launchChromium,
  launchChromiumWithCache,
  mdTable,
  textTable,
  VIEWPORT,
  waitForReady,
  writeFormatted,
  type BenchRoute,
} from './common.ts'
import {
  BUILDS,
  buildsOf,
  CPU_SLOWDOWN,
  giveTabStorage,
  NETWORK,
  tabStorageAfter,
  throttle,
  turnOrder,
  visit,
  type Build,
  type MeasuredRun,
  type TabStorage,
} from './load-visit.ts'
import {
  sweepMedian,
  METRICS,
  PROBE_SCRIPT,
  quantile,
  roundMetric,
  STRETCH_TIMERS_SCRIPT,
  type Medians,
  type MetricName,
  type WaterfallRow,
} from './metrics.ts'
import { buildChanged, releaseIntoCopy, serveRelease, type ReleaseServers } from './release-setup.ts'
import { profilesFromEnv, runRevisitProfile, type RevisitOptions, type Target } from './revisit.ts'
import {
  ensureCert,
  freePort,
  MONOLITH_DIST,
  removeBuildCopies,
  RESULTS_DIR,
  ROOT_DIR,
  serveBuild,
  serveWithNginx,
  serveRenderService,
  isDataPage,
  NGINX_RENDERED_PREFIX,
  type NodeServer,
  snapshotFederatedBuild,
  type FederatedBuild,
  type Served,
} from './serve-builds.ts'

/**
 * `pnpm bench:load`: the federated build (as deployed) against a monolithic build of the same pages, both
 * served by the Node server over HTTP/2 + brotli on loopback, and the federated build served by nginx with
 * deploy/nginx.conf (as production runs it), loaded in system Chromium under DevTools' Slow 4G and 4× CPU
 * throttling, alternating configurations: cold (the default), and with BENCH_PROFILES warm (a returning
 * borrower) and after one remote's release (revisit.ts). A report, not a test: it exits 0 whatever the
 * budgets say.
 */

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 7))
/** Sweeps over every route (issue #26, item 5): each figure is the median of the sweeps' medians. */
const SWEEPS = Math.max(1, Number(process.env.BENCH_SWEEPS ?? 1))
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 60_000)
const STRETCH_TIMERS = process.env.BENCH_STRETCH_TIMERS === '1'
/** Diagnostic runs never overwrite the report of the product as deployed. */
const OUT = STRETCH_TIMERS ? 'load-stretched-timers' : 'load'
const PROFILES = profilesFromEnv()

interface RunResult extends MeasuredRun {
  rows?: WaterfallRow[]
}

interface Spread {
  min: number
  p25: number
  p75: number
  max: number
  /** Each sweep's median, when there were several (BENCH_SWEEPS). */
  sweeps?: number[]
}

/** One cold load under the profile; resolves when the network has been quiet for 2 s and LCP is stable. */
async function measure(
  browser: Browser,
  origin: string,
  route: BenchRoute,
): Promise<Omit<RunResult, 'run' | 'sweep'>> {
  const context = await browser.newContext({ viewport: VIEWPORT })
  try {
    await context.addInitScript({ content: PROBE_SCRIPT })
    if (STRETCH_TIMERS) await context.addInitScript({ content: STRETCH_TIMERS_SCRIPT })
    const cold = async (page: Page) => {
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.enable')
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
      return cdp
    }
    // A route that reads what another page left in the tab: that page first, in a page of its own.
    let stored: TabStorage | null = null
    if (route.storageFrom) {
      const before = await context.newPage()
      await cold(before)
      stored = await tabStorageAfter(before, origin, route.storageFrom, TIMEOUT_MS)
      await before.close()
    }
    const page = await context.newPage()
    if (stored) await giveTabStorage(page, stored)
    const cdp = await cold(page)
    await throttle(cdp)
    const result = await visit(page, origin + route.url, route, { timeoutMs: TIMEOUT_MS, throttled: true })
    if (!result.ok) return { route: route.path, build: 'federated', ok: false, error: result.error }
    const { metrics, lcpElement, rows } = result
    return { route: route.path, build: 'federated', ok: true, metrics, lcpElement, rows }
  } catch (error) {
    return {
      route: route.path,
      build: 'federated',
      ok: false,
      error: error instanceof Error ? error.message.split('\n')[0] : String(error),
    }
  } finally {
    await context.close()
  }
}

interface ScreenInfo {
  title: string
  heading: string
  remoteMounted: boolean
  retryShown: boolean
}

async function screenInfo(page: Page): Promise<ScreenInfo> {
  return (await page.evaluate(`(() => ({
    title: document.title,
    heading: (document.querySelector('h1') || { textContent: '' }).textContent.trim(),
    remoteMounted: !!document.querySelector('.remote-root'),
    retryShown: !!document.getElementById('retry-heading'),
  }))()`)) as ScreenInfo
}

/**
 * Both builds must render the same screen, or the comparison means nothing: an unthrottled load of each
 * route in each build (which also warms the browser and the servers), comparing title and main heading.
 */
async function parityCheck(
  browser: Browser,
  servers: Record<Build, Served>,
  routes: BenchRoute[],
): Promise<string[]> {
  const problems: string[] = []
  for (const route of routes) {
    const seen: Partial<Record<Build, ScreenInfo>> = {}
    for (const build of buildsOf(route)) {
      const context = await browser.newContext({ viewport: VIEWPORT })
      try {
        await context.addInitScript({ content: PROBE_SCRIPT })
        const page = await context.newPage()
        await page.goto(servers[build].origin + route.url, { waitUntil: 'networkidle', timeout: 30_000 })
        if (!(await waitForReady(page, 15_000))) throw new Error('the screen was not ready within 15 s')
        seen[build] = await screenInfo(page)
      } catch (error) {
        problems.push(
          `${route.path} (${build}): ${error instanceof Error ? error.message.split('\n')[0] : error}`,
        )
      } finally {
        await context.close()
      }
    }
    const fed = seen.federated
    if (!fed || buildsOf(route).some((b) => !seen[b])) continue
    for (const build of buildsOf(route)) {
      const info = seen[build]!
      if (info.retryShown) problems.push(`${route.path} (${build}): the retry screen is shown`)
      else if (route.remote && !info.remoteMounted)
        problems.push(`${route.path} (${build}): no remote mounted`)
      if (info.title !== fed.title || info.heading !== fed.heading) {
        problems.push(
          `${route.path}: federated shows "${fed.title}" / "${fed.heading}", ${build} "${info.title}" / "${info.heading}"`,
        )
      }
    }
    console.log(`  ${route.path.padEnd(22)} ${fed.title} / ${fed.heading || '(no h1)'}`)
  }
  return problems
}

function summarise(results: RunResult[]) {
  const ok = results.filter((r) => r.ok && r.metrics)
  const medians = {} as Medians
  const spread = {} as Record<MetricName, Spread>
  for (const name of METRICS) {
    const tagged = ok
      .map((r) => ({ sweep: r.sweep, value: r.metrics![name] }))
      .filter((v): v is { sweep: number; value: number } => v.value !== null)
    const values = tagged.map((v) => v.value)
    const bySweep = sweepMedian(tagged)
    medians[name] = roundMetric(name, bySweep.median)
    spread[name] = {
      min: roundMetric(name, quantile(values, 0)),
      p25: roundMetric(name, quantile(values, 0.25)),
      p75: roundMetric(name, quantile(values, 0.75)),
      max: roundMetric(name, quantile(values, 1)),
      ...(bySweep.sweeps.length > 1 ? { sweeps: bySweep.sweeps.map((v) => roundMetric(name, v)) } : {}),
    }
  }
  // The waterfall of the run whose LCP is closest to the median, for reading where the time goes.
  const typical = [...ok].sort(
    (a, b) => Math.abs(a.metrics!.lcpMs - medians.lcpMs) - Math.abs(b.metrics!.lcpMs - medians.lcpMs),
  )[0]
  return {
    medians,
    spread,
    valid: ok.length,
    failed: results
      .filter((r) => !r.ok)
      .map((r) => `${SWEEPS > 1 ? `sweep ${r.sweep} ` : ''}run ${r.run}: ${r.error}`),
    typical,
  }
}

const ratio = (a: number, b: number) =>
  b > 0 && Number.isFinite(a) ? Math.round((a / b) * 1000) / 1000 : null

type Summary = ReturnType<typeof summarise>

interface RouteReport {
  route: string
  url: string
  kind: BenchRoute['kind']
  fed: Summary
  /** Null for a route the monolith has no page for (a standalone entry). */
  mono: Summary | null
  nginx: Summary
  /** Null for a route whose page is no data page (the render service does not render it). */
  rendered: Summary | null
  /** It shows what another page stored in the tab (budgets.ts `tabData`). */
  tabData: boolean
  /** The run's `RENDERED_REFERENCE` median LCP behind nginx (null when not measured): the rendered lines' shift. */
  referenceLcpMs: number | null
  ratio: {
    lcp: number | null
    jsBytes: number | null
    nginxLcp: number | null
    /** Rendered / as its file, both behind nginx: what the borrower's data in the page changes. */
    renderedLcp: number | null
  }
}

function checksOf(r: RouteReport): Check[] {
  const of = (s: Summary) => ({ valid: s.valid, medians: s.medians })
  return budgetChecks({
    route: r.route,
    kind: r.kind,
    nginx: of(r.nginx),
    fed: of(r.fed),
    mono: r.mono ? of(r.mono) : null,
    rendered: r.rendered ? of(r.rendered) : null,
    referenceLcpMs: r.referenceLcpMs,
    tabData: r.tabData,
  })
}

/** The PASS/FAIL table: one row per route, one column per budget (CHECK_NAMES). */
function budgetRows(reports: RouteReport[], md: boolean): string[][] {
  return reports.map((r) => [
    md ? `\`${r.route}\`` : r.route,
    r.kind,
    ...checksOf(r).map((c) => verdict(c, md)),
  ])
}

const FORMAT: Record<MetricName, { label: string; show: (v: number) => string }> = {
  lcpMs: { label: 'LCP', show: (v) => `${v} ms` },
  fcpMs: { label: 'FCP', show: (v) => `${v} ms` },
  cls: { label: 'CLS', show: (v) => v.toFixed(3) },
  tbtMs: { label: 'TBT', show: (v) => `${v} ms` },
  readyMs: { label: 'data on screen', show: (v) => `${v} ms` },
  interactiveMs: { label: 'interactive (remote mounted)', show: (v) => `${v} ms` },
  jsBytesBeforeLcp: { label: 'JS before LCP (br)', show: kib },
  requestsBeforeLcp: { label: 'requests before LCP', show: String },
  wavesBeforeLcp: { label: 'waves before LCP', show: String },
}

function cell(s: Summary | null, name: MetricName, withSpread: boolean): string {
  const { show } = FORMAT[name]
  if (!s) return 'n/a'
  if (!s.valid) return `no valid run (${s.failed.length} failed)`
  if (!Number.isFinite(s.medians[name])) return '–'
  const main = show(s.medians[name])
  if (!withSpread) return main
  const sp = s.spread[name]
  if (sp.sweeps)
    return `${main} (sweeps ${sp.sweeps.map(show).join(' / ')}; runs ${show(sp.p25)}–${show(sp.p75)})`
  return `${main} (${show(sp.p25)}–${show(sp.p75)})`
}

const METRIC_HEADER = [
  'metric',
  'federated (Node)',
  'monolithic (Node)',
  'federated (nginx)',
  'rendered (nginx + render service)',
  'fed / mono',
  'nginx / Node',
  'rendered / nginx',
]

function metricRows(r: RouteReport, withSpread: boolean): string[][] {
  const times = (rat: number | null) => (rat === null ? '–' : `${rat.toFixed(2)}×`)
  return METRICS.map((name) => [
    FORMAT[name].label,
    cell(r.fed, name, withSpread),
    cell(r.mono, name, withSpread),
    cell(r.nginx, name, withSpread),
    cell(r.rendered, name, withSpread),
    r.mono ? times(ratio(r.fed.medians[name], r.mono.medians[name])) : 'n/a',
    times(ratio(r.nginx.medians[name], r.fed.medians[name])),
    r.rendered ? times(ratio(r.rendered.medians[name], r.nginx.medians[name])) : 'n/a',
  ])
}

/** The summaries of a route's configurations that were measured, with their names. */
const summaries = (r: RouteReport) =>
  (
    [
      ['federated', r.fed],
      ['monolithic', r.mono],
      ['nginx', r.nginx],
      ['rendered', r.rendered],
    ] as const
  ).filter((e): e is [Build, Summary] => e[1] !== null)

function markdown(reports: RouteReport[], profileText: string, parity: string[], meta: string): string {
  const out: string[] = [
    '# Load benchmark: federated vs monolithic, Node server vs nginx, as files vs rendered with the data',
    '',
    `Written by \`pnpm bench:load\` (${meta}). How to read it: \`e2e/perf/README.md\`.`,
    '',
    `Profile: ${profileText}`,
    '',
    'Medians, with the 25th–75th percentile in brackets. The budgets (DESIGN.md §8, `e2e/perf/budgets.ts`) ' +
      'are judged behind nginx with every page as its file (the deployment before the render service, and what a ' +
      'borrower gets when it sends the static page), except federation’s cost: federated − monolithic on the ' +
      'Node server, which serves both alike; and the rendered one (issue #45): the same nginx with the render ' +
      'service (ADR 0055), on the data routes whose page it renders.',
    '',
    '## Budgets',
    '',
    mdTable(
      ['route', 'kind', 'LCP federated', 'LCP monolithic', 'LCP nginx', 'LCP rendered', ...CHECK_NAMES],
      reports.map((r) => {
        const [route, kind, ...checks] = budgetRows([r], true)[0]
        const lcp = (s: Summary | null) => cell(s, 'lcpMs', false)
        return [route, kind, lcp(r.fed), lcp(r.mono), lcp(r.nginx), lcp(r.rendered), ...checks]
      }),
    ),
  ]
  const all = reports.flatMap(checksOf).filter((c) => c.pass !== null)
  out.push('', `${all.filter((c) => c.pass).length} of ${all.length} checks pass.`)
  if (parity.length)
    out.push(
      '',
      '**The configurations did not render the same screens:**',
      '',
      ...parity.map((p) => `- ${p}`),
    )
  out.push('', `![LCP per route](${OUT}.png)`)
  for (const r of reports) {
    out.push('', `## \`${r.route}\` (${r.kind})`, '')
    if (r.url !== r.route) out.push(`Loaded as \`${r.url}\`.`, '')
    out.push(mdTable(METRIC_HEADER, metricRows(r, true)))
    out.push(
      '',
      `Valid runs: ${summaries(r)
        .map(([build, s]) => `${s.valid} ${build}`)
        .join(', ')}.`,
    )
    for (const [build, s] of summaries(r)) {
      if (s.failed.length) out.push(`Failed ${build} runs: ${s.failed.join('; ')}.`)
      if (s.typical?.lcpElement) out.push(`LCP element (${build}): \`${s.typical.lcpElement}\`.`)
    }
  }
  return out.join('\n') + '\n'
}

/** A small SVG bar chart of median LCP per route (whiskers: p25–p75), screenshotted by Chromium. */
async function chart(browser: Browser, reports: RouteReport[], file: string): Promise<void> {
  const rowH = 94
  const left = 170
  const width = 720
  const plotW = width - left - 90
  const max = Math.max(
    1,
    ...reports.flatMap((r) => summaries(r).map(([, s]) => s.spread.lcpMs.p75)).filter(Number.isFinite),
  )
  const x = (v: number) => left + (v / max) * plotW
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;')
  const height = 50 + reports.length * rowH + 10
  const bars = reports
    .map((r, i) => {
      const y = 50 + i * rowH
      const bar = (s: Summary | null, dy: number, color: string, none = 'no monolith page') => {
        if (!s) return `<text x="${left + 4}" y="${y + dy + 14}" font-size="12" fill="#666">${none}</text>`
        const v = s.medians.lcpMs
        if (!Number.isFinite(v)) {
          return `<text x="${left + 4}" y="${y + dy + 14}" font-size="12" fill="#b00">no valid run (${s.failed.length} failed)</text>`
        }
        const sp = s.spread.lcpMs
        return `<rect x="${left}" y="${y + dy}" width="${x(v) - left}" height="18" fill="${color}"/>
          <line x1="${x(sp.p25)}" x2="${x(sp.p75)}" y1="${y + dy + 9}" y2="${y + dy + 9}" stroke="#222" stroke-width="1.5"/>
          <text x="${x(Math.max(v, sp.p75)) + 6}" y="${y + dy + 14}" font-size="12">${v} ms</text>`
      }
      return `<text x="${left - 10}" y="${y + 24}" font-size="13" text-anchor="end">${esc(r.route)}</text>
        <text x="${left - 10}" y="${y + 40}" font-size="11" fill="#666" text-anchor="end">${r.ratio.lcp === null ? '' : `${r.ratio.lcp.toFixed(2)}×`}</text>
        ${bar(r.fed, 4, '#3b6fd8')}${bar(r.mono, 24, '#9aa5b1')}${bar(r.nginx, 44, '#2a9d5c')}${r.kind === 'data' ? bar(r.rendered, 64, '#d98b2b', 'not rendered') : ''}`
    })
    .join('\n')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif">
    <rect width="100%" height="100%" fill="#fff"/>
    <text x="16" y="24" font-size="15" font-weight="bold">${STRETCH_TIMERS ? 'DIAGNOSTIC, loader timeouts stretched: ' : ''}LCP per route (median, p25–p75), Slow 4G + 4× CPU</text>
    <rect x="${left}" y="32" width="12" height="10" fill="#3b6fd8"/><text x="${left + 16}" y="41" font-size="12">federated</text>
    <rect x="${left + 100}" y="32" width="12" height="10" fill="#9aa5b1"/><text x="${left + 116}" y="41" font-size="12">monolithic</text>
    <rect x="${left + 210}" y="32" width="12" height="10" fill="#2a9d5c"/><text x="${left + 226}" y="41" font-size="12">behind nginx</text>
    <rect x="${left + 310}" y="32" width="12" height="10" fill="#d98b2b"/><text x="${left + 326}" y="41" font-size="12">rendered with the data</text>
    ${bars}
  </svg>`
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 })
  try {
    const page = await context.newPage()
    await page.setContent(`<!doctype html><html><body style="margin:0">${svg}</body></html>`)
    await page.locator('svg').screenshot({ path: file })
  } finally {
    await context.close()
  }
}

function chromiumVersion(browser: Browser): string {
  return `Chromium ${browser.version()}`
}

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT_DIR, encoding: 'utf8' }).trim()
  } catch {
    return 'unknown'
  }
}

/** The cold profile: every route in every configuration, cache disabled; writes `load.*` (or the diagnostic). */
async function runCold(
  browser: Browser,
  servers: Record<Build, Served>,
  routes: BenchRoute[],
  parity: string[],
  builtFrom: string,
  nginxBrotli: boolean,
  renderService: NodeServer & { budgetMs: number },
): Promise<void> {
  const staticBefore = renderService.staticPages()
  const results: RunResult[] = []
  console.log(
    `\nMeasuring ${routes.length} routes × ${RUNS} runs × ${BUILDS.join(', ')} (Slow 4G, CPU ${CPU_SLOWDOWN}×, cold):`,
  )
  const started = Date.now()
  for (let sweep = 1; sweep <= SWEEPS; sweep += 1) {
    if (SWEEPS > 1) console.log(`Sweep ${sweep} of ${SWEEPS}`)
    for (const route of routes) {
      const routeStarted = Date.now()
      const builds = buildsOf(route)
      for (let run = 1; run <= RUNS; run += 1) {
        const line: string[] = []
        // The first configuration rotates over the runs of all sweeps, not only within one.
        for (const build of turnOrder(builds, (sweep - 1) * RUNS + run)) {
          const result = { ...(await measure(browser, servers[build].origin, route)), build, run, sweep }
          results.push(result)
          line.push(
            result.ok
              ? `${build.slice(0, 4)} LCP ${Math.round(result.metrics!.lcpMs)} ms`
              : `${build.slice(0, 4)} FAILED (${result.error})`,
          )
        }
        console.log(`  ${route.path} #${run}: ${line.join(' · ')}`)
      }
      console.log(`  ${route.path}: ${Math.round((Date.now() - routeStarted) / 1000)} s`)
    }
  }
  console.log(`Measured in ${Math.round((Date.now() - started) / 1000)} s`)

  const summaryOf = (path: string, build: Build) =>
    summarise(results.filter((r) => r.route === path && r.build === build))
  const reference = routes.some((r) => r.path === RENDERED_REFERENCE)
    ? summaryOf(RENDERED_REFERENCE, 'nginx').medians.lcpMs
    : Number.NaN
  const referenceLcpMs = Number.isFinite(reference) ? reference : null
  const reports: RouteReport[] = routes.map((route) => {
    const of = (build: Build) => summaryOf(route.path, build)
    const fed = of('federated')
    const mono = route.monolith ? of('monolithic') : null
    const nginx = of('nginx')
    const rendered = route.rendered ? of('rendered') : null
    return {
      route: route.path,
      url: route.url,
      kind: route.kind,
      fed,
      mono,
      nginx,
      rendered,
      tabData: !!route.storageFrom,
      referenceLcpMs,
      ratio: {
        lcp: mono ? ratio(fed.medians.lcpMs, mono.medians.lcpMs) : null,
        jsBytes: mono ? ratio(fed.medians.jsBytesBeforeLcp, mono.medians.jsBytesBeforeLcp) : null,
        nginxLcp: ratio(nginx.medians.lcpMs, fed.medians.lcpMs),
        renderedLcp: rendered ? ratio(rendered.medians.lcpMs, nginx.medians.lcpMs) : null,
      },
    }
  })

  const profile = {
    network: 'Slow 4G as DevTools emulates it',
    latencyMs: NETWORK.latency,
    downloadKbps: 1474.56,
    uploadKbps: 675,
    cpuSlowdown: CPU_SLOWDOWN,
    viewport: VIEWPORT,
    cache: 'cold (fresh browser context per run, cache disabled)',
    transport:
      'HTTP/2 + TLS, loopback; Node server: brotli (quality 11); nginx: deploy/nginx.conf, precompressed ' +
      `files (${nginxBrotli ? 'brotli 11' : 'gzip 9, no brotli module'})`,
    browser: chromiumVersion(browser),
    order:
      'federated, monolithic, nginx and rendered (on data pages) in turn, the first one rotated every run',
    render:
      `rendered: the same nginx with the render service (e2e/perf/serve-node.ts --render, as \`pnpm start\` ` +
      `renders), budget ${renderService.budgetMs} ms; it sent ${renderService.staticPages() - staticBefore} ` +
      'of these data pages as written',
    loaderTimers: STRETCH_TIMERS
      ? 'DIAGNOSTIC: page timers ≥ 3 s stretched 10× so remote loader timeouts cannot fire'
      : 'as deployed',
  }
  const profileText = `${STRETCH_TIMERS ? 'DIAGNOSTIC (BENCH_STRETCH_TIMERS=1: loader timeouts stretched 10×, not the product as deployed). ' : ''}${profile.network} (${profile.latencyMs} ms latency, ${profile.downloadKbps} kbit/s down, ${profile.uploadKbps} kbit/s up), CPU ${CPU_SLOWDOWN}×, ${profile.cache}, ${VIEWPORT.width}×${VIEWPORT.height}, ${profile.transport}, ${profile.browser}; ${profile.render}; ${RUNS} runs per configuration and route, in turn${SWEEPS > 1 ? `, in each of ${SWEEPS} sweeps over every route: a figure is the median of the sweeps' medians` : ''}.`
  const meta = `built from commit ${builtFrom}, measured ${new Date().toISOString()}`

  const json = {
    profile,
    generated: meta,
    runs: RUNS,
    sweeps: SWEEPS,
    budget: BUDGET,
    routes: reports.map((r) => ({
      route: r.route,
      kind: r.kind,
      federated: r.fed.medians,
      monolithic: r.mono?.medians ?? null,
      nginx: r.nginx.medians,
      rendered: r.rendered?.medians ?? null,
      ratio: r.ratio,
      spread: {
        federated: r.fed.spread,
        monolithic: r.mono?.spread ?? null,
        nginx: r.nginx.spread,
        rendered: r.rendered?.spread ?? null,
      },
      checks: checksOf(r),
    })),
  }
  await writeFormatted(join(RESULTS_DIR, `${OUT}.json`), JSON.stringify(json, null, 2))
  const runsDoc = {
    generated: meta,
    parity,
    // Per run, the requests that started before LCP in a wave after the 2nd: what put it over budget.
    runs: results.map(({ rows, ...rest }) => ({
      ...rest,
      lateRequests: (rows ?? [])
        .filter((row) => row.wave > 2 && rest.metrics && row.start <= rest.metrics.lcpMs)
        .map((row) => ({ ...row, start: Math.round(row.start), end: Math.round(row.end) })),
    })),
    waterfalls: reports.flatMap((r) =>
      summaries(r).map(([build, s]) => ({
        route: r.route,
        build,
        run: s.typical?.run ?? null,
        lcpMs: s.typical?.metrics?.lcpMs ?? null,
        requests:
          s.typical?.rows?.map((row) => ({
            ...row,
            start: Math.round(row.start),
            end: Math.round(row.end),
          })) ?? [],
      })),
    ),
  }
  // Raw runs and the typical waterfalls, for digging into a number (ignored by git, see .gitignore).
  await writeFormatted(join(RESULTS_DIR, `${OUT}-runs.json`), JSON.stringify(runsDoc))
  await writeFormatted(join(RESULTS_DIR, `${OUT}.md`), markdown(reports, profileText, parity, meta))
  await chart(browser, reports, join(RESULTS_DIR, `${OUT}.png`))

  console.log(`\n${profileText}\n`)
  for (const r of reports) {
    console.log(`${r.route}${r.url !== r.route ? `  (${r.url})` : ''}`)
    console.log(textTable(METRIC_HEADER, metricRows(r, true)))
    console.log()
  }
  console.log('Budgets (DESIGN.md §8: behind nginx; federation’s cost on the Node server):')
  console.log(textTable(['route', 'kind', ...CHECK_NAMES], budgetRows(reports, false)))
  if (parity.length)
    console.log(`\nWARNING: the configurations differ on ${parity.length} route(s); see load.md`)
  console.log(`\nWritten: e2e/perf/results/${OUT}.json, ${OUT}.md, ${OUT}.png (raw runs: ${OUT}-runs.json)`)
}

async function main() {
  // BENCH_SKIP_BUILD=1 reuses the current federated build (the monolith takes seconds and is always rebuilt).
  if (process.env.BENCH_SKIP_BUILD === '1' && federatedBuildPresent()) {
    console.log('BENCH_SKIP_BUILD=1: using the current federated build (shell/dist, deploy/cdn)')
  } else await buildFederated()
  if (!(process.env.BENCH_SKIP_BUILD === '1' && existsSync(join(MONOLITH_DIST, 'index.html')))) {
    await buildMonolith()
  }
  // The release profile's builds with the one-line change (mf-loan and the monolith), before any measuring.
  if (PROFILES.includes('release')) await buildChanged()
  // The sources the builds came from (the tree may move on while the runs go).
  const builtFrom = `${gitCommit()}${gitDirty() ? ' + uncommitted changes' : ''}`
  const federated = await snapshotFederatedBuild()
  const routes = benchRoutes(federated.registryFile)
  if (!routes.length) throw new Error('no route to measure')
  console.log(`\nServing both builds over HTTP/2 + brotli (Node server), the federated one behind nginx too…`)
  const node = await serveBuild(federated)
  // The same build copy; its API calls go through nginx to the Node server's demo API.
  const behindNginx = await serveWithNginx(
    federated,
    node.origin,
    Number(process.env.BENCH_NGINX_PORT) || (await freePort()),
  )
  if (!behindNginx.brotli) {
    console.warn('  warning: nginx has no brotli_static module: it sends gzip, the Node server brotli')
  }
  // Production: the same nginx with the render service (ADR 0055), which renders the data routes' pages.
  const renderService = await serveRenderService(federated, await freePort())
  const rendered = await serveWithNginx(
    federated,
    node.origin,
    await freePort(),
    NGINX_RENDERED_PREFIX,
    renderService.origin,
    behindNginx.settings,
  )
  for (const route of routes) route.rendered = isDataPage(federated, route.path)
  console.log(
    `  rendered with the borrower's data (budget ${renderService.budgetMs} ms): ` +
      (routes
        .filter((r) => r.rendered)
        .map((r) => r.path)
        .join(', ') || 'no route'),
  )
  const servers: Record<Build, Served> = {
    federated: node,
    // The monolith gets the same first calls but no remote chain (it has no remote to preload).
    monolithic: await serveBuild({ ...federated, shellDir: MONOLITH_DIST, remoteChain: false }),
    nginx: behindNginx,
    rendered,
  }
  const browser = await launchChromium()
  let parity: string[] = []
  let released: ReleaseServers | null = null
  let cachingBrowser: Browser | null = null
  try {
    console.log(`${BUILDS.map((b) => `${b} ${servers[b].origin}`).join(' · ')} · ${chromiumVersion(browser)}`)
    console.log(`Profiles: ${PROFILES.join(', ')}`)
    console.log('\nSame screens in every configuration (unthrottled):')
    parity = await parityCheck(browser, servers, routes)
    for (const p of parity) console.warn(`  MISMATCH ${p}`)
    if (PROFILES.includes('cold'))
      await runCold(browser, servers, routes, parity, builtFrom, behindNginx.brotli, renderService)
    const options = (): RevisitOptions => ({
      runs: RUNS,
      sweeps: SWEEPS,
      timeoutMs: TIMEOUT_MS,
      stretchTimers: STRETCH_TIMERS,
      out: OUT,
      meta: `built from commit ${builtFrom}, measured ${new Date().toISOString()}`,
      browserVersion: chromiumVersion(browser),
      nginxBrotli: behindNginx.brotli,
      subset: !!process.env.BENCH_ROUTES?.trim(),
    })
    // The warm and release profiles need the HTTP cache, which Chromium keeps only for a valid certificate.
    if (PROFILES.some((p) => p !== 'cold')) cachingBrowser = await launchChromiumWithCache(ensureCert().cert)
    if (PROFILES.includes('warm')) {
      const targets: Record<Build, Target> = {
        federated: { origin: servers.federated.origin },
        monolithic: { origin: servers.monolithic.origin },
        nginx: { origin: servers.nginx.origin },
        rendered: { origin: servers.rendered.origin },
      }
      await runRevisitProfile('warm', cachingBrowser!, targets, routes, options(), null)
    }
    if (PROFILES.includes('release')) {
      const release = await prepareRelease(federated, node.origin)
      released = release.servers
      await runRevisitProfile('release', cachingBrowser!, release.servers, routes, options(), release.info)
    }
  } finally {
    await browser.close()
    await cachingBrowser?.close()
    await Promise.all(Object.values(servers).map((served) => served.close()))
    await renderService.close()
    console.log(`The render service sent ${renderService.staticPages()} data page(s) as written (its log):`)
    for (const [line, n] of renderService.staticReasons()) console.log(`  ${n}× ${line}`)
    await released?.close()
    if (process.env.BENCH_KEEP_BUILD !== '1') removeBuildCopies()
  }
}

/**
 * The release profile's deployment after the release (a copy of the CDN the other profiles use, with the
 * route pages nginx's start wrote), and the three configurations serving it before or after, at their own
 * origins (release-setup.ts).
 */
async function prepareRelease(federated: FederatedBuild, apiUpstream: string) {
  const { info, after } = releaseIntoCopy(federated)
  console.log(
    `\nReleased ${info.pkg} ${info.before} → ${info.after} (${info.files.length} files, ${kib(info.bytes)}) into a ` +
      `copy of the CDN; the rebuilt monolith changed ${info.monolith.changed.map((f) => f.path).join(', ') || 'nothing'}`,
  )
  const servers = await serveRelease(
    federated,
    after,
    info,
    apiUpstream,
    await freePort(),
    await freePort(),
    await freePort(),
  )
  console.log(
    `Release profile: ${BUILDS.map((b) => `${b} ${servers[b].origin}`).join(' · ')} (each before or after the release)`,
  )
  return { info, servers }
}

function gitDirty(): boolean {
  try {
    return execFileSync('git', ['status', '--porcelain'], { cwd: ROOT_DIR, encoding: 'utf8' }).trim() !== ''
  } catch {
    return false
  }
}

process.on('SIGINT', () => {
  if (process.env.BENCH_KEEP_BUILD !== '1') removeBuildCopies()
  process.exit(130)
})

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error)
  process.exit(1)
})
