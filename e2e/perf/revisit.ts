import { join } from 'node:path'
import type { Browser } from '@playwright/test'
import { REVISIT_BUDGET, signedMs, verdict, type Check } from './budgets.ts'
import { kib, mdTable, textTable, VIEWPORT, writeFormatted, type BenchRoute } from './common.ts'
import {
  BUILDS,
  buildsOf,
  CPU_SLOWDOWN,
  giveTabStorage,
  NETWORK,
  readTabStorage,
  tabStorageAfter,
  throttle,
  turnOrder,
  visit,
  type Build,
  type MeasuredRun,
} from './load-visit.ts'
import { median, PROBE_SCRIPT, quantile, STRETCH_TIMERS_SCRIPT, sweepMedian } from './metrics.ts'
import { networkTotals, recordNetwork, type NetworkTotals, type ResponseKind } from './network-log.ts'
import type { ReleaseInfo, ReleaseState } from './release-setup.ts'
import { RESULTS_DIR } from './serve-builds.ts'

/**
 * The warm and release profiles of `pnpm bench:load` (issue #26, item 3): a returning borrower, whose browser
 * kept the HTTP cache of a first visit, and the same borrower after one remote's release. Per run: a fresh
 * browser context, a first visit of the route (unthrottled, not measured) that fills its cache, then (release:
 * the configuration switched to the released deployment) the route loaded again in a new page of the same
 * context, under the same Slow 4G + CPU 4× profile as cold, measured as cold is, plus what it took from the
 * network and from the cache (DevTools protocol's Network events).
 */

export const PROFILES = ['cold', 'warm', 'release'] as const
export type Profile = (typeof PROFILES)[number]

/** `BENCH_PROFILES=cold,warm,release` (default: cold, the report `pnpm bench:load` has always written). */
export function profilesFromEnv(): Profile[] {
  const asked = (process.env.BENCH_PROFILES ?? 'cold')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
  const unknown = asked.filter((p) => !(PROFILES as readonly string[]).includes(p))
  if (unknown.length || !asked.length) {
    throw new Error(`BENCH_PROFILES: ${unknown.join(', ') || '(empty)'}; known: ${PROFILES.join(', ')}`)
  }
  return PROFILES.filter((p) => asked.includes(p))
}

/**
 * The first visit lasts until its load settled (the network quiet for 2 s after the screen's data painted),
 * and on a page that mounts no remote at least this long: the shell's warm-up downloads (axios, the toast
 * code), which a returning borrower has in the cache, start in the first idle moment after the route's remote
 * mounted and its calls answered (within the 2 s), or 5 s after the first paint of a page without a remote
 * (host.ts `SCREEN_WAIT_MS`).
 */
const FIRST_VISIT_MIN_MS = 6000

/** A configuration in a profile: where it is served, and (release) how to switch it before / after. */
export interface Target {
  origin: string
  use?: (state: ReleaseState) => void
}

export interface RevisitOptions {
  runs: number
  /** Sweeps over every route (BENCH_SWEEPS): a figure is the median of the sweeps' medians. */
  sweeps: number
  timeoutMs: number
  stretchTimers: boolean
  /** The report's base name: `load` (or `load-stretched-timers`); the profile is appended. */
  out: string
  /** "built from commit …, measured …". */
  meta: string
  browserVersion: string
  nginxBrotli: boolean
  /** BENCH_ROUTES restricted the routes. */
  subset: boolean
}

/** A response the measured load took from the network, other than the page and the API's answers. */
interface Fetched {
  path: string
  kind: ResponseKind
  bytes: number
}

interface RevisitRun extends MeasuredRun {
  net?: NetworkTotals
  firstVisit?: NetworkTotals
  fetched?: Fetched[]
  /** release: bytes of the files the release made (federated: the new version's; monolith: the rebuild's changed files). */
  releasedBytes?: number
  /** release, federated: of those, files with the same bytes as in the previous version (a new address only). */
  unchangedBytes?: number
  /** Bytes of every other file (besides the page, the API's answers and the registry). */
  otherBytes?: number
}

const errorText = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0] : String(error))

/** Whether a fetched path is a file the release made, for this configuration. */
type IsReleased = (path: string) => boolean

async function measureRevisit(
  browser: Browser,
  target: Target,
  route: BenchRoute,
  profile: 'warm' | 'release',
  options: RevisitOptions,
  isReleased: IsReleased,
  unchanged: ReadonlySet<string>,
  mustLoadRelease: boolean,
): Promise<Omit<RevisitRun, 'build' | 'run' | 'sweep'>> {
  const fail = (error: string) => ({ route: route.path, ok: false, error })
  const context = await browser.newContext({ viewport: VIEWPORT })
  try {
    await context.addInitScript({ content: PROBE_SCRIPT })
    if (options.stretchTimers) await context.addInitScript({ content: STRETCH_TIMERS_SCRIPT })
    const url = target.origin + route.url

    // The first visit: fills the context's HTTP cache (Chromium keeps one per context, in memory for a
    // context like this one, across its pages). Unthrottled: what it downloads does not depend on the link.
    const first = await context.newPage()
    const firstCdp = await context.newCDPSession(first)
    await firstCdp.send('Network.enable')
    const firstLog = recordNetwork(firstCdp, target.origin)
    // A route that reads what another page left in the tab: that page first, in the same tab (its files
    // are in the cache too, as they are for a borrower who came from it).
    if (route.storageFrom) await tabStorageAfter(first, target.origin, route.storageFrom, options.timeoutMs)
    const firstVisit = await visit(first, url, route, {
      timeoutMs: options.timeoutMs,
      throttled: false,
      minMs: route.remote ? 0 : FIRST_VISIT_MIN_MS,
    })
    const firstTotals = networkTotals(firstLog.responses())
    const stored = route.storageFrom ? await readTabStorage(first) : null
    await first.close()
    if (!firstVisit.ok) return fail(`first visit: ${firstVisit.error}`)

    if (profile === 'release') target.use?.('after')
    const page = await context.newPage()
    if (stored) await giveTabStorage(page, stored)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    const log = recordNetwork(cdp, target.origin)
    await throttle(cdp)
    const result = await visit(page, url, route, { timeoutMs: options.timeoutMs, throttled: true })
    if (!result.ok) return fail(result.error)
    const responses = log.responses()
    const net = networkTotals(responses)
    // Not a returning borrower's load unless the cache served something: a context without one would be cold.
    if (net.cacheHits === 0) return fail('nothing came from the HTTP cache')
    const fetched = responses
      .filter((r) => !r.fromCache && (r.kind === 'file' || r.kind === 'registry'))
      .map(({ path, kind, bytes }) => ({ path, kind, bytes }))
    const files = fetched.filter((f) => f.kind === 'file')
    const releasedBytes = files.filter((f) => isReleased(f.path)).reduce((sum, f) => sum + f.bytes, 0)
    const unchangedBytes = files.filter((f) => unchanged.has(f.path)).reduce((sum, f) => sum + f.bytes, 0)
    if (profile === 'release' && mustLoadRelease && !files.some((f) => isReleased(f.path))) {
      return fail('no file of the release was downloaded: the released build was not loaded')
    }
    return {
      route: route.path,
      ok: true,
      metrics: result.metrics,
      lcpElement: result.lcpElement,
      net,
      firstVisit: firstTotals,
      fetched,
      ...(profile === 'release'
        ? { releasedBytes, unchangedBytes, otherBytes: net.files - releasedBytes }
        : { otherBytes: net.files }),
    }
  } catch (error) {
    return fail(errorText(error))
  } finally {
    if (profile === 'release') target.use?.('before')
    await context.close()
  }
}

/** The figures summarised per route and configuration. */
const FIELDS = {
  readyMs: (r: RevisitRun) => r.metrics!.readyMs,
  lcpMs: (r: RevisitRun) => r.metrics!.lcpMs,
  bytes: (r: RevisitRun) => r.net!.total,
  documentBytes: (r: RevisitRun) => r.net!.document,
  apiBytes: (r: RevisitRun) => r.net!.api,
  registryBytes: (r: RevisitRun) => r.net!.registry,
  fileBytes: (r: RevisitRun) => r.net!.files,
  releasedBytes: (r: RevisitRun) => r.releasedBytes ?? Number.NaN,
  unchangedBytes: (r: RevisitRun) => r.unchangedBytes ?? Number.NaN,
  otherBytes: (r: RevisitRun) => r.otherBytes ?? Number.NaN,
  requests: (r: RevisitRun) => r.net!.requests,
  cacheHits: (r: RevisitRun) => r.net!.cacheHits,
  firstVisitBytes: (r: RevisitRun) => r.firstVisit!.total,
} as const
type Field = keyof typeof FIELDS

interface FileSeen {
  path: string
  kind: ResponseKind
  /** Median bytes over the runs that downloaded it. */
  bytes: number
  /** In how many valid runs it was downloaded. */
  runs: number
  /** A file the release made (release profile). */
  released: boolean
  /** A released file with the same bytes as in the previous version. */
  unchanged: boolean
}

interface Summary {
  valid: number
  failed: string[]
  medians: Record<Field, number>
  spread: Record<Field, { p25: number; p75: number; max: number; sweeps?: number[] }>
  files: FileSeen[]
  lcpElement: string | null
}

function summarise(results: RevisitRun[], isReleased: IsReleased, unchanged: ReadonlySet<string>): Summary {
  const ok = results.filter((r) => r.ok && r.metrics && r.net)
  // Runs from several sweeps (BENCH_SWEEPS): a failed run is named by its sweep too.
  const swept = results.some((r) => r.sweep > 1)
  const medians = {} as Summary['medians']
  const spread = {} as Summary['spread']
  for (const [name, get] of Object.entries(FIELDS) as [Field, (r: RevisitRun) => number][]) {
    const tagged = ok.map((r) => ({ sweep: r.sweep, value: get(r) })).filter((v) => Number.isFinite(v.value))
    const values = tagged.map((v) => v.value)
    const round = (v: number) => (Number.isFinite(v) ? Math.round(v) : v)
    const bySweep = sweepMedian(tagged)
    medians[name] = round(bySweep.median)
    spread[name] = {
      p25: round(quantile(values, 0.25)),
      p75: round(quantile(values, 0.75)),
      max: round(quantile(values, 1)),
      ...(bySweep.sweeps.length > 1 ? { sweeps: bySweep.sweeps.map(round) } : {}),
    }
  }
  const seen = new Map<string, { kind: ResponseKind; bytes: number[] }>()
  for (const r of ok) {
    for (const f of r.fetched ?? []) {
      const entry = seen.get(f.path) ?? { kind: f.kind, bytes: [] }
      entry.bytes.push(f.bytes)
      seen.set(f.path, entry)
    }
  }
  const files = [...seen.entries()]
    .map(([path, e]) => ({
      path,
      kind: e.kind,
      bytes: Math.round(median(e.bytes)),
      runs: e.bytes.length,
      released: isReleased(path),
      unchanged: unchanged.has(path),
    }))
    .sort((a, b) => Number(b.released) - Number(a.released) || b.bytes - a.bytes)
  const typical = [...ok].sort(
    (a, b) => Math.abs(a.metrics!.lcpMs - medians.lcpMs) - Math.abs(b.metrics!.lcpMs - medians.lcpMs),
  )[0]
  return {
    valid: ok.length,
    failed: results
      .filter((r) => !r.ok)
      .map((r) => `${swept ? `sweep ${r.sweep} ` : ''}run ${r.run}: ${r.error}`),
    medians,
    spread,
    files,
    lcpElement: typical?.lcpElement ?? null,
  }
}

interface RouteReport {
  route: string
  url: string
  kind: BenchRoute['kind']
  summaries: Partial<Record<Build, Summary>>
  checks: Check[]
}

const ms = (v: number) => (Number.isFinite(v) ? `${v} ms` : '–')
const ratioText = (a: number, b: number) =>
  Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}×` : '–'

const NO_WORSE = `rendered − nginx data on screen ≤ ${REVISIT_BUDGET.renderedNoWorseMs} ms (data pages)`
export const WARM_CHECK_NAMES = [
  `data on screen ≤ ${REVISIT_BUDGET.warmReadyMs / 1000} s (nginx, data routes)`,
  `fed − mono LCP ≤ ${REVISIT_BUDGET.warmFedMinusMonoMs / 1000} s (Node)`,
  NO_WORSE,
] as const
export const RELEASE_CHECK_NAMES = [
  'only the released files (federated, Node)',
  'only the released files (federated, nginx)',
  'only the released files (rendered)',
  NO_WORSE,
] as const

/** Issue #45: the page rendered with the data is no slower to show it than the page as its file (nginx). */
function renderedNoWorse(name: string, s: Partial<Record<Build, Summary>>): Check {
  const rendered = s.rendered
  const nginx = s.nginx!
  if (!rendered) return { name, value: 'n/a', pass: null }
  if (rendered.valid === 0 || nginx.valid === 0) return { name, value: 'no valid run', pass: false }
  const diff = rendered.medians.readyMs - nginx.medians.readyMs
  return {
    name,
    value: `${signedMs(diff)} (${ms(rendered.medians.readyMs)} against ${ms(nginx.medians.readyMs)})`,
    pass: Number.isFinite(diff) && diff <= REVISIT_BUDGET.renderedNoWorseMs,
  }
}

function warmChecks(route: BenchRoute, s: Partial<Record<Build, Summary>>): Check[] {
  const nginx = s.nginx!
  const ready: Check =
    route.kind !== 'data'
      ? { name: WARM_CHECK_NAMES[0], value: 'n/a', pass: null }
      : nginx.valid === 0
        ? { name: WARM_CHECK_NAMES[0], value: 'no valid nginx run', pass: false }
        : {
            name: WARM_CHECK_NAMES[0],
            value: ms(nginx.medians.readyMs),
            pass: nginx.medians.readyMs <= REVISIT_BUDGET.warmReadyMs,
          }
  const fed = s.federated!
  const mono = s.monolithic
  const diff = mono ? fed.medians.lcpMs - mono.medians.lcpMs : Number.NaN
  const cost: Check = !mono
    ? { name: WARM_CHECK_NAMES[1], value: 'n/a', pass: null }
    : {
        name: WARM_CHECK_NAMES[1],
        value: `${signedMs(diff)} (${ratioText(fed.medians.lcpMs, mono.medians.lcpMs)})`,
        pass: Number.isFinite(diff) && diff <= REVISIT_BUDGET.warmFedMinusMonoMs,
      }
  return [ready, cost, renderedNoWorse(WARM_CHECK_NAMES[2], s)]
}

function releaseCheck(name: string, s: Summary, release: ReleaseInfo): Check {
  if (s.valid === 0) return { name, value: 'no valid run', pass: false }
  const other = s.medians.otherBytes
  const released = s.medians.releasedBytes
  const elsewhere = s.files.filter((f) => f.kind === 'file' && !f.released)
  const worst = s.spread.otherBytes.max
  return {
    name,
    value:
      `${kib(released)} of the release's ${kib(release.bytes)}; ` +
      (elsewhere.length
        ? `else ${kib(other)} (median; max ${kib(worst)}: ${elsewhere.map((f) => f.path).join(', ')})`
        : 'nothing else'),
    pass: other <= REVISIT_BUDGET.releaseOtherBytes && released <= release.bytes,
  }
}

function cell(s: Summary | undefined, field: Field, show: (v: number) => string, withSpread = true): string {
  if (!s) return 'n/a'
  if (!s.valid) return `no valid run (${s.failed.length} failed)`
  const v = s.medians[field]
  if (!Number.isFinite(v)) return '–'
  const sp = s.spread[field]
  if (withSpread && sp.sweeps && new Set(sp.sweeps.map(show)).size > 1)
    return `${show(v)} (sweeps ${sp.sweeps.map(show).join(' / ')})`
  // A spread that rounds to one value (the same bytes every run) says nothing.
  return withSpread && show(sp.p25) !== show(sp.p75)
    ? `${show(v)} (${show(sp.p25)}–${show(sp.p75)})`
    : show(v)
}

const COLUMNS: [Build, string][] = [
  ['federated', 'federated (Node)'],
  ['monolithic', 'monolithic (Node)'],
  ['nginx', 'federated (nginx)'],
  ['rendered', 'rendered (nginx + render service)'],
]

function metricRows(r: RouteReport, profile: 'warm' | 'release'): string[][] {
  const rows: [string, Field, (v: number) => string][] = [
    ['data on screen', 'readyMs', ms],
    ['LCP', 'lcpMs', ms],
    ['downloaded (network)', 'bytes', kib],
    ['· the page', 'documentBytes', kib],
    ["· the borrower's data (API)", 'apiBytes', kib],
    ['· /registry.json', 'registryBytes', kib],
    ['· files', 'fileBytes', kib],
    ...(profile === 'release'
      ? ([
          ['·· of the release', 'releasedBytes', kib],
          ['··· the same bytes as the previous version', 'unchangedBytes', kib],
          ['·· anything else', 'otherBytes', kib],
        ] as [string, Field, (v: number) => string][])
      : []),
    ['requests to the server', 'requests', String],
    ['responses from the HTTP cache', 'cacheHits', String],
    ['first visit downloaded (cold cache, unthrottled)', 'firstVisitBytes', kib],
  ]
  return rows.map(([label, field, show]) => [
    label,
    ...COLUMNS.map(([build]) => cell(r.summaries[build], field, show)),
  ])
}

function fileLines(r: RouteReport, profile: 'warm' | 'release', runs: number): string[] {
  const out: string[] = []
  for (const [build, label] of COLUMNS) {
    const s = r.summaries[build]
    if (!s?.valid) continue
    const files = s.files
    const tag = (f: FileSeen) =>
      f.kind === 'registry'
        ? ' (registry)'
        : profile !== 'release'
          ? ''
          : f.released
            ? build === 'monolithic'
              ? ' (changed by the rebuild)'
              : f.unchanged
                ? ' (the release, same bytes as the previous version)'
                : ' (the release)'
            : ' (**not the release**)'
    out.push(
      files.length
        ? `- ${label}: ${files
            .map(
              (f) =>
                `\`${f.path}\` ${kib(f.bytes)}${tag(f)}${f.runs < s.valid ? ` (${f.runs} of ${s.valid} runs)` : ''}`,
            )
            .join(', ')}`
        : `- ${label}: none`,
    )
  }
  return [
    `Files downloaded over the network besides the page and the API's answers (${runs} runs; sizes as received, headers included):`,
    '',
    ...out,
  ]
}

function profileText(profile: 'warm' | 'release', options: RevisitOptions): string {
  const visit =
    'a fresh browser context per run; a first visit of the route (unthrottled, not measured, until its load ' +
    `settled, the shell's warm-up downloads included: on a page without a remote at least ` +
    `${FIRST_VISIT_MIN_MS / 1000} s) fills its HTTP cache; then ` +
    (profile === 'release' ? 'the configuration switches to the deployment after the release and ' : '') +
    'the route is loaded again in a new page of the same context, throttled and measured (the page ' +
    'revalidated: `no-cache`, sent whole by both servers; hashed and versioned files from the cache)'
  return (
    `${options.stretchTimers ? 'DIAGNOSTIC (BENCH_STRETCH_TIMERS=1: loader timeouts stretched 10×). ' : ''}` +
    `Slow 4G as DevTools emulates it (${NETWORK.latency} ms latency, 1474.56 kbit/s down, 675 kbit/s up), ` +
    `CPU ${CPU_SLOWDOWN}×, ${profile}: ${visit}; ${VIEWPORT.width}×${VIEWPORT.height}, HTTP/2 + TLS on loopback ` +
    `(Node server: brotli 11; nginx: deploy/nginx.conf, ${options.nginxBrotli ? 'brotli 11' : 'gzip 9, no brotli module'} ` +
    `precompressed files; rendered: the same nginx with the render service, ADR 0055, on data pages), ` +
    `${options.browserVersion}; ${options.runs} runs per configuration and route, in turn` +
    (options.sweeps > 1
      ? `, in each of ${options.sweeps} sweeps over every route: a figure is the median of the sweeps' medians.`
      : '.')
  )
}

function markdown(
  profile: 'warm' | 'release',
  reports: RouteReport[],
  options: RevisitOptions,
  release: ReleaseInfo | null,
): string {
  const names: readonly string[] = profile === 'warm' ? WARM_CHECK_NAMES : RELEASE_CHECK_NAMES
  const title =
    profile === 'warm'
      ? '# Load benchmark, warm: a returning borrower'
      : "# Load benchmark after one remote's release: a returning borrower"
  const out: string[] = [
    title,
    '',
    `Written by \`pnpm bench:load\` with \`BENCH_PROFILES\` including \`${profile}\` (${options.meta}). How to ` +
      'read it: `e2e/perf/README.md`. The cold profile is in `load.md`.',
    '',
    `Profile: ${profileText(profile, options)}`,
    '',
    `Routes: ${reports.map((r) => `\`${r.route}\``).join(', ')}${options.subset ? ' (a subset, BENCH_ROUTES)' : ''}.`,
    '',
    'Medians, with the 25th–75th percentile in brackets. Bytes are those received over the network (headers ' +
      'and compressed bodies, as DevTools counts them); a response from the HTTP cache counts 0.',
  ]
  if (release) {
    const m = release.monolith
    const same = release.files.filter((f) => f.unchanged)
    out.push(
      '',
      '## The release',
      '',
      `\`${release.pkg}\` ${release.before} → **${release.after}**, built from the same sources with one line ` +
        `changed (\`${release.change.file}\`: \`${release.change.from}\` → \`${release.change.to}\`) and released ` +
        'with `releaseRemote` (deploy/src/release/release.ts) into a copy of the CDN: a new version folder, the registry ' +
        `and ${release.pkg}'s route pages. The released version's own files: ${release.files.length}, ` +
        `${kib(release.bytes)} as sent (brotli), of which ${same.length} (${kib(same.reduce((t, f) => t + f.bytes, 0))}) ` +
        'have the same bytes as in the previous version, at a new address. The monolith, rebuilt with the same change, changed ' +
        `${m.changed.length} file${m.changed.length === 1 ? '' : 's'} besides its page (${kib(m.bytes)}): ` +
        `${m.changed.map((f) => `\`${f.path}\` ${kib(f.bytes)}`).join(', ') || 'none'}.`,
    )
  }
  out.push(
    '',
    '## Budgets (issue #26, item 4)',
    '',
    profile === 'warm'
      ? mdTable(
          [
            'route',
            'kind',
            'data on screen fed / mono / nginx / rendered',
            'LCP fed / mono / nginx / rendered',
            ...names,
          ],
          reports.map((r) => {
            const three = (field: Field) =>
              COLUMNS.map(([b]) => cell(r.summaries[b], field, ms, false)).join(' / ')
            return [
              `\`${r.route}\``,
              r.kind,
              three('readyMs'),
              three('lcpMs'),
              ...r.checks.map((c) => verdict(c, true)),
            ]
          }),
        )
      : mdTable(
          ['route', 'kind', 'downloaded fed / mono / nginx / rendered', ...names],
          reports.map((r) => [
            `\`${r.route}\``,
            r.kind,
            COLUMNS.map(([b]) => cell(r.summaries[b], 'bytes', kib, false)).join(' / '),
            ...r.checks.map((c) => verdict(c, true)),
          ]),
        ),
  )
  const all = reports.flatMap((r) => r.checks).filter((c) => c.pass !== null)
  out.push('', `${all.filter((c) => c.pass).length} of ${all.length} checks pass.`)
  for (const r of reports) {
    out.push('', `## \`${r.route}\` (${r.kind})`, '')
    if (r.url !== r.route) out.push(`Loaded as \`${r.url}\`.`, '')
    out.push(mdTable(['', ...COLUMNS.map(([, label]) => label)], metricRows(r, profile)))
    out.push('', ...fileLines(r, profile, options.runs), '')
    const present = COLUMNS.filter(([b]) => r.summaries[b])
    out.push(`Valid runs: ${present.map(([b, label]) => `${r.summaries[b]!.valid} ${label}`).join(', ')}.`)
    for (const [b, label] of present) {
      const s = r.summaries[b]!
      if (s.failed.length) out.push(`Failed ${label} runs: ${s.failed.join('; ')}.`)
      if (s.lcpElement) out.push(`LCP element (${label}): \`${s.lcpElement}\`.`)
    }
  }
  return out.join('\n') + '\n'
}

/**
 * Runs one of the two profiles over `routes` and writes `results/<out>-<profile>.{md,json}` (and the runs,
 * not committed, in `<out>-<profile>-runs.json`).
 */
export async function runRevisitProfile(
  profile: 'warm' | 'release',
  browser: Browser,
  targets: Record<Build, Target>,
  routes: BenchRoute[],
  options: RevisitOptions,
  release: ReleaseInfo | null,
): Promise<void> {
  if (profile === 'release' && !release) throw new Error('the release profile needs the release')
  const monolithChanged = new Set(release?.monolith.changed.map((f) => f.path) ?? [])
  const unchanged = new Set(release?.files.filter((f) => f.unchanged).map((f) => f.path) ?? [])
  const isReleasedFor =
    (build: Build): IsReleased =>
    (path) =>
      !!release && (build === 'monolithic' ? monolithChanged.has(path) : path.startsWith(release.prefix))
  console.log(
    `\nMeasuring ${routes.length} routes × ${options.runs} runs × ${BUILDS.join(', ')} ` +
      `(Slow 4G, CPU ${CPU_SLOWDOWN}×, ${profile}${profile === 'release' ? `: ${release!.pkg} ${release!.after}` : ''}):`,
  )
  const results: RevisitRun[] = []
  const started = Date.now()
  for (let sweep = 1; sweep <= options.sweeps; sweep += 1) {
    if (options.sweeps > 1) console.log(`Sweep ${sweep} of ${options.sweeps}`)
    for (const route of routes) {
      // The released remote's routes must load its new files; other routes show that nothing of theirs is.
      const mustLoadRelease = !!release && route.remote === release.remote
      for (let run = 1; run <= options.runs; run += 1) {
        const line: string[] = []
        for (const build of turnOrder(buildsOf(route), (sweep - 1) * options.runs + run)) {
          const result: RevisitRun = {
            ...(await measureRevisit(
              browser,
              targets[build],
              route,
              profile,
              options,
              isReleasedFor(build),
              unchanged,
              mustLoadRelease && (build !== 'monolithic' || monolithChanged.size > 0),
            )),
            build,
            run,
            sweep,
          }
          results.push(result)
          line.push(
            result.ok
              ? `${build.slice(0, 4)} ready ${Math.round(result.metrics!.readyMs)} ms ${kib(result.net!.total)}`
              : `${build.slice(0, 4)} FAILED (${result.error})`,
          )
        }
        console.log(`  ${route.path} #${run}: ${line.join(' · ')}`)
      }
    }
  }
  console.log(`Measured in ${Math.round((Date.now() - started) / 1000)} s`)

  const reports: RouteReport[] = routes.map((route) => {
    const summaries: Partial<Record<Build, Summary>> = {}
    for (const build of buildsOf(route)) {
      summaries[build] = summarise(
        results.filter((r) => r.route === route.path && r.build === build),
        isReleasedFor(build),
        unchanged,
      )
    }
    const checks =
      profile === 'warm'
        ? warmChecks(route, summaries)
        : [
            releaseCheck(RELEASE_CHECK_NAMES[0], summaries.federated!, release!),
            releaseCheck(RELEASE_CHECK_NAMES[1], summaries.nginx!, release!),
            summaries.rendered
              ? releaseCheck(RELEASE_CHECK_NAMES[2], summaries.rendered, release!)
              : { name: RELEASE_CHECK_NAMES[2], value: 'n/a', pass: null },
            renderedNoWorse(RELEASE_CHECK_NAMES[3], summaries),
          ]
    return { route: route.path, url: route.url, kind: route.kind, summaries, checks }
  })

  const base = `${options.out}-${profile}`
  const json = {
    profile: profileText(profile, options),
    generated: options.meta,
    runs: options.runs,
    sweeps: options.sweeps,
    budget: REVISIT_BUDGET,
    release,
    routes: reports.map((r) => ({
      route: r.route,
      kind: r.kind,
      ...Object.fromEntries(
        COLUMNS.map(([build]) => {
          const s = r.summaries[build]
          return [
            build,
            s
              ? { valid: s.valid, failed: s.failed, medians: s.medians, spread: s.spread, files: s.files }
              : null,
          ]
        }),
      ),
      checks: r.checks,
    })),
  }
  await writeFormatted(join(RESULTS_DIR, `${base}.json`), JSON.stringify(json, null, 2))
  await writeFormatted(join(RESULTS_DIR, `${base}.md`), markdown(profile, reports, options, release))
  // Every run with what it downloaded, for digging into a number (ignored by git, see .gitignore).
  await writeFormatted(
    join(RESULTS_DIR, `${base}-runs.json`),
    JSON.stringify({ generated: options.meta, runs: results }),
  )

  console.log(`\n${profileText(profile, options)}\n`)
  for (const r of reports) {
    console.log(`${r.route}${r.url !== r.route ? `  (${r.url})` : ''}`)
    console.log(
      textTable(
        ['', ...COLUMNS.map(([, label]) => label)],
        metricRows(r, profile).map((row) => row.map((c) => c.replace(/\*\*/g, ''))),
      ),
    )
    console.log()
  }
  const names: readonly string[] = profile === 'warm' ? WARM_CHECK_NAMES : RELEASE_CHECK_NAMES
  console.log(`Budgets, ${profile} (issue #26, item 4):`)
  console.log(
    textTable(
      ['route', 'kind', ...names],
      reports.map((r) => [r.route, r.kind, ...r.checks.map((c) => verdict(c, false))]),
    ),
  )
  console.log(`\nWritten: e2e/perf/results/${base}.json, ${base}.md (raw runs: ${base}-runs.json)`)
}
