import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { extname, join, relative } from 'node:path'
import type { Browser, Response } from '@playwright/test'
import {
  benchRoutes,
  buildFederated,
  federatedBuildPresent,
  kib,
  launchChromium,
  mdTable,
  textTable,
  VIEWPORT,
  waitForReady,
  writeFormatted,
  type BenchRoute,
} from './common.ts'
import { listFiles } from 'deploy/release'
import { STANDALONE_PAGES } from 'deploy/standalone'
import { PROBE_SCRIPT } from './metrics.ts'
import { measureReportPath, reporterFiles, type ReportPathSize } from './report-path.ts'
import {
  brotli,
  CDN_DIR,
  readRegistryFile,
  releasedDir,
  removeBuildCopies,
  RESULTS_DIR,
  ROOT_DIR,
  serveBuild,
  SHELL_DIST,
  snapshotFederatedBuild,
} from './serve-builds.ts'

/**
 * `pnpm bench:size`: what the federated build (as deployed) weighs, per package and per route, and the checks
 * that fail the command: react-dom in exactly one downloaded chunk, no foreign remote's files, one Module
 * Federation runtime on a route that renders a remote (none expected, at most one, on a shell-only route),
 * the field health reporter requested only after the route's first paint, and the report path's size
 * (report-path.ts: entry share and lazy chunk within REPORT_PATH_BUDGET).
 */

/** Only react-dom's client contains this (the property it puts on a root's container element). */
const REACT_DOM_MARKER = '__reactContainer$'
/**
 * A warning text of @module-federation/runtime-core (`remote/index.js`, registering a remote twice), which
 * minification keeps: every bundled copy of the federation runtime contains it exactly once.
 */
const MF_RUNTIME_MARKER = 'Please note that overriding it may cause unexpected errors'

interface FileSize {
  file: string
  raw: number
  br: number
}

interface Totals {
  files: number
  raw: number
  br: number
}

const kind = (path: string): 'js' | 'css' | null => {
  const ext = extname(path).toLowerCase()
  return ext === '.js' || ext === '.mjs' ? 'js' : ext === '.css' ? 'css' : null
}

function totals(files: FileSize[]): Totals {
  return {
    files: files.length,
    raw: files.reduce((s, f) => s + f.raw, 0),
    br: files.reduce((s, f) => s + f.br, 0),
  }
}

interface PackageSize {
  name: string
  version: string
  dir: string
  js: Totals
  css: Totals
  files: FileSize[]
}

function packageSize(name: string, version: string, dir: string, shownDir: string): PackageSize {
  const files = listFiles(dir)
    .filter((f) => kind(f))
    .map((f) => {
      const body = readFileSync(f)
      return { file: relative(dir, f), raw: body.length, br: brotli(body).length }
    })
  return {
    name,
    version,
    dir: shownDir,
    js: totals(files.filter((f) => kind(f.file) === 'js')),
    css: totals(files.filter((f) => kind(f.file) === 'css')),
    files: files.sort((a, b) => b.br - a.br),
  }
}

interface Download {
  path: string
  /** `shell` or the remote package whose CDN folder it came from. */
  owner: string
  kind: 'js' | 'css'
  raw: number
  br: number
  reactDom: boolean
  federationRuntime: boolean
}

interface Check {
  pass: boolean
  detail: string
}

interface RouteSize {
  route: string
  url: string
  remote: string | null
  rendered: boolean
  js: Totals
  css: Totals
  byOwner: Record<string, { js: number; css: number }>
  downloads: Download[]
  checks: {
    reactDomOnce: Check
    noForeignRemote: Check
    oneFederationRuntime: Check
    reporterAfterPaint: Check
  }
}

const ownerOf = (path: string) => /^\/remotes\/([^/]+)\//.exec(path)?.[1] ?? 'shell'
const packageName = (federationName: string) => federationName.replace(/_/g, '-')

/**
 * The shell downloads the federation runtime only to load a remote: a route that renders one gets exactly
 * one copy (the shell's, which the remotes use), a shell-only route should get none (at most one passes).
 */
function federationRuntimeCheck(rendersRemote: boolean, copies: string[]): Check {
  const found = `${copies.length} ${copies.length === 1 ? 'copy' : 'copies'}: ${copies.join(', ')}`
  if (rendersRemote) {
    return {
      pass: copies.length === 1,
      detail:
        copies.length === 0
          ? `no federation runtime found: is the marker "${MF_RUNTIME_MARKER}" still in @module-federation/runtime-core?`
          : found,
    }
  }
  return {
    pass: copies.length <= 1,
    detail:
      copies.length === 0 ? 'none (no remote on this route)' : `${found} (a shell-only route needs none)`,
  }
}

/** When the page's first contentful paint came and when each of the reporter's files was requested (ms). */
interface ReporterTimings {
  fcp: number | null
  requests: { file: string; start: number }[]
}

/**
 * The field health reporter (ADR 0033) comes after the first paint: its files are neither named by the page (a
 * modulepreload) nor requested before the first contentful paint. Not requested at all also passes.
 */
function reporterAfterPaintCheck(timings: ReporterTimings, namedByPage: string[]): Check {
  if (namedByPage.length) return { pass: false, detail: `the page names ${namedByPage.join(', ')}` }
  if (!timings.requests.length) return { pass: true, detail: 'the shell’s reporter not requested' }
  if (timings.fcp === null)
    return { pass: false, detail: 'requested, and no first contentful paint recorded' }
  const early = timings.requests.filter((r) => r.start < timings.fcp!)
  const after = (r: { start: number }) => `${Math.round(r.start - timings.fcp!)} ms`
  return early.length
    ? {
        pass: false,
        detail: `requested before the first paint: ${early.map((r) => `${r.file} ${after(r)}`).join(', ')}`,
      }
    : { pass: true, detail: `requested ${timings.requests.map(after).join(', ')} after the first paint` }
}

/**
 * Loads a route (no throttling) and records every script and stylesheet it downloads; `reporter` are the field
 * health reporter's files (report-path.ts). Returns the page as served too.
 */
async function routeSize(
  browser: Browser,
  origin: string,
  route: BenchRoute,
  reporter: string[],
): Promise<{ size: RouteSize; page: string }> {
  const context = await browser.newContext({ viewport: VIEWPORT })
  const pending: Promise<Download | null>[] = []
  let rendered = false
  let served = ''
  let timings: ReporterTimings = { fcp: null, requests: [] }
  try {
    await context.addInitScript({ content: PROBE_SCRIPT })
    const page = await context.newPage()
    page.on('response', (response: Response) => {
      const path = new URL(response.url()).pathname
      const type = kind(path)
      if (!type || response.status() !== 200) return
      pending.push(
        Promise.all([response.body(), response.request().sizes()]).then(
          ([body, sizes]) => {
            const text = body.toString('utf8')
            return {
              path,
              owner: ownerOf(path),
              kind: type,
              raw: body.length,
              // The body as it came over the wire (brotli from the server): its exact length when declared.
              br: Number(response.headers()['content-length'] ?? Number.NaN) || sizes.responseBodySize,
              reactDom: type === 'js' && text.includes(REACT_DOM_MARKER),
              federationRuntime: type === 'js' && text.includes(MF_RUNTIME_MARKER),
            }
          },
          () => null,
        ),
      )
    })
    const navigation = await page.goto(origin + route.url, { waitUntil: 'networkidle', timeout: 60_000 })
    served = (await navigation?.text()) ?? ''
    await waitForReady(page, 15_000)
    await page.waitForLoadState('networkidle')
    timings = (await page.evaluate(`({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      requests: performance.getEntriesByType('resource')
        .map((e) => ({ file: new URL(e.name).pathname.slice(1), start: e.startTime }))
        .filter((r) => ${JSON.stringify(reporter)}.includes(r.file)),
    })`)) as ReporterTimings
    // Bodies are read from the browser: all of them before the context closes.
    await Promise.all(pending)
    rendered = (await page.evaluate(
      `!document.getElementById('retry-heading') && (${route.remote === null} || !!document.querySelector('.remote-root'))`,
    )) as boolean
  } finally {
    await context.close()
  }
  const downloads = (await Promise.all(pending)).filter((d): d is Download => d !== null)
  const byOwner: Record<string, { js: number; css: number }> = {}
  for (const d of downloads) {
    byOwner[d.owner] ??= { js: 0, css: 0 }
    byOwner[d.owner][d.kind] += d.br
  }
  const sizes = (k: 'js' | 'css') =>
    totals(downloads.filter((d) => d.kind === k).map((d) => ({ file: d.path, raw: d.raw, br: d.br })))
  const reactDom = downloads.filter((d) => d.reactDom)
  const runtimes = downloads.filter((d) => d.federationRuntime)
  const own = route.remote ? packageName(route.remote) : null
  // A standalone entry (ADR 0017) is its remote's own page: its files are that remote's, not foreign.
  const standalone = STANDALONE_PAGES[route.path]
  const pageOwner = own ?? (standalone ? packageName(standalone) : null)
  const foreign = downloads.filter((d) => d.owner !== 'shell' && d.owner !== pageOwner)
  const list = (ds: Download[]) => ds.map((d) => d.path).join(', ')
  const size: RouteSize = {
    route: route.path,
    url: route.url,
    remote: own,
    rendered,
    js: sizes('js'),
    css: sizes('css'),
    byOwner,
    downloads: downloads.sort((a, b) => b.br - a.br),
    checks: {
      reactDomOnce: {
        pass: reactDom.length === 1,
        detail: `${reactDom.length} ${reactDom.length === 1 ? 'chunk' : 'chunks'} with react-dom${reactDom.length ? `: ${list(reactDom)}` : ''}`,
      },
      noForeignRemote: {
        pass: foreign.length === 0,
        detail: foreign.length
          ? `foreign files: ${list(foreign)}`
          : `only ${own ? `shell and ${own}` : pageOwner ? pageOwner : 'shell'} files`,
      },
      oneFederationRuntime: federationRuntimeCheck(
        own !== null,
        runtimes.map((d) => d.path),
      ),
      reporterAfterPaint: reporterAfterPaintCheck(
        timings,
        reporter.filter((file) => served.includes(file)),
      ),
    },
  }
  return { size, page: served }
}

/** Confirms the marker is still a runtime-core text (after an upgrade it may change). */
function markerInRuntimeCore(): boolean | null {
  const store = join(ROOT_DIR, 'node_modules', '.pnpm')
  if (!existsSync(store)) return null
  const dirs = readdirSync(store).filter((d) => d.startsWith('@module-federation+runtime-core@'))
  return dirs.some((d) =>
    listFiles(join(store, d, 'node_modules', '@module-federation', 'runtime-core', 'dist'))
      .filter((f) => f.endsWith('.js'))
      .some((f) => readFileSync(f, 'utf8').includes(MF_RUNTIME_MARKER)),
  )
}

const CHECK_NAMES = {
  reactDomOnce: 'react-dom in exactly one chunk',
  noForeignRemote: 'no foreign remote fetched',
  oneFederationRuntime: 'one federation runtime (none without a remote)',
  reporterAfterPaint: 'health reporter after the first paint',
} as const

function markdown(
  packages: PackageSize[],
  routes: RouteSize[],
  reportPath: ReportPathSize,
  meta: string,
): string {
  const owners = [...new Set(routes.flatMap((r) => Object.keys(r.byOwner)))].sort((a, b) =>
    a === 'shell' ? -1 : b === 'shell' ? 1 : a.localeCompare(b),
  )
  const out = [
    '# Size report: the federated build',
    '',
    `Written by \`pnpm bench:size\` (${meta}). Brotli at quality 11, as the benchmark server sends it. How to read it: \`e2e/perf/README.md\`.`,
    '',
    '## Packages (the shell build and each remote’s released version)',
    '',
    mdTable(
      ['package', 'version', 'JS files', 'JS raw', 'JS brotli', 'CSS raw', 'CSS brotli'],
      packages.map((p) => [
        p.name,
        p.version,
        String(p.js.files),
        kib(p.js.raw),
        kib(p.js.br),
        kib(p.css.raw),
        kib(p.css.br),
      ]),
    ),
    '',
    '## What each route downloads (brotli)',
    '',
    mdTable(
      ['route', 'JS', 'CSS', ...owners.map((o) => `${o} JS / CSS`), 'scripts'],
      routes.map((r) => [
        `\`${r.route}\``,
        kib(r.js.br),
        kib(r.css.br),
        ...owners.map((o) => (r.byOwner[o] ? `${kib(r.byOwner[o].js)} / ${kib(r.byOwner[o].css)}` : '–')),
        String(r.js.files),
      ]),
    ),
    '',
    '## Checks',
    '',
    mdTable(
      ['route', ...Object.values(CHECK_NAMES)],
      routes.map((r) => [
        `\`${r.route}\``,
        ...(Object.keys(CHECK_NAMES) as (keyof typeof CHECK_NAMES)[]).map(
          (k) => `${r.checks[k].pass ? 'PASS' : '**FAIL**'} ${r.checks[k].detail}`,
        ),
      ]),
      ['l', 'l', 'l', 'l', 'l'],
    ),
    '',
    '## Field health report path (issue #32, ADR 0033)',
    '',
    reportPathText(reportPath, true),
  ]
  for (const r of routes) {
    out.push('', `### \`${r.route}\` downloads`, '')
    out.push(
      mdTable(
        ['file', 'from', 'raw', 'brotli', 'notes'],
        r.downloads.map((d) => [
          `\`${d.path.replace(/^\/remotes\/[^/]+\/[^/]+\//, '…/')}\``,
          d.owner,
          kib(d.raw),
          kib(d.br),
          [d.reactDom ? 'react-dom' : '', d.federationRuntime ? 'MF runtime' : ''].filter(Boolean).join(', '),
        ]),
      ),
    )
  }
  return out.join('\n') + '\n'
}

const bytes = (n: number) => `${n.toLocaleString('en-US')} B`

/** The report path's figures and verdict, as a short text (markdown for size.md). */
function reportPathText(r: ReportPathSize, md: boolean): string {
  const code = (s: string) => (md ? `\`${s}\`` : s)
  const verdict = r.pass ? 'PASS' : md ? '**FAIL**' : 'FAIL'
  const lines = [
    `${verdict} ${bytes(r.total)} of ${bytes(r.limit)} (${kib(r.total)}): entry share ${bytes(r.entry.br)}` +
      ` of ${bytes(Math.floor(r.entryLimit))}` +
      ` (${r.entry.modules.map((m) => `${code(m.source)} ${bytes(m.raw)} raw`).join(', ') || 'none'}),` +
      ` lazy ${r.chunks.map((c) => `${code(c.file)} ${bytes(c.br)} (${bytes(c.raw)} raw)`).join(', ') || 'none'}.`,
    r.inEntry
      ? `${verdict}: the entry imports ${code('shared/src/health/reporter.ts')} statically: it comes before the first paint.`
      : 'The entry imports the reporter lazily only (the routes above: requested after the first paint).',
  ]
  if (r.preloadedByPage.length) lines.push(`${verdict}: a page names ${r.preloadedByPage.join(', ')}.`)
  if (!r.sameAsMeasured) {
    lines.push(
      'Measured on a fresh build of the sources, which differs from the build served above: run `pnpm build` first.',
    )
  }
  return lines.join(md ? '\n\n' : '\n')
}

async function main() {
  if (!federatedBuildPresent()) await buildFederated()
  // Measured on a copy, so a rebuild elsewhere in the workspace cannot change the build halfway.
  const build = await snapshotFederatedBuild()
  const sizes: RouteSize[] = []
  const pages: string[] = []
  let packages: PackageSize[] = []
  let reportPath: ReportPathSize
  try {
    const registry = readRegistryFile(build.registryFile)
    packages = [
      packageSize('shell', 'build', build.shellDir, relative(ROOT_DIR, SHELL_DIST)),
      ...Object.entries(registry)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, pointer]) =>
          packageSize(
            packageName(name),
            pointer.version,
            releasedDir(pointer, build.cdnDir),
            relative(ROOT_DIR, releasedDir(pointer, CDN_DIR)),
          ),
        ),
    ]
    const reporter = reporterFiles(build.shellDir).files
    const server = await serveBuild(build)
    const browser = await launchChromium()
    try {
      for (const route of benchRoutes(build.registryFile)) {
        const { size, page } = await routeSize(browser, server.origin, route, reporter)
        sizes.push(size)
        pages.push(page)
      }
    } finally {
      await browser.close()
      await server.close()
    }
    reportPath = await measureReportPath(build.shellDir, pages)
  } finally {
    removeBuildCopies()
  }
  const markerKnown = markerInRuntimeCore()
  if (markerKnown === false) {
    console.warn(
      `warning: "${MF_RUNTIME_MARKER}" is no longer in @module-federation/runtime-core; update the marker`,
    )
  }

  const meta = new Date().toISOString()
  const failures = sizes.flatMap((r) => [
    ...(r.rendered ? [] : [`${r.route}: the route did not render its screen`]),
    ...(Object.keys(CHECK_NAMES) as (keyof typeof CHECK_NAMES)[])
      .filter((k) => !r.checks[k].pass)
      .map((k) => `${r.route}: ${CHECK_NAMES[k]}: ${r.checks[k].detail}`),
  ])
  if (!reportPath.pass) failures.push(`field health report path: ${reportPathText(reportPath, false)}`)
  await writeFormatted(
    join(RESULTS_DIR, 'size.json'),
    JSON.stringify(
      {
        generated: meta,
        markers: { reactDom: REACT_DOM_MARKER, federationRuntime: MF_RUNTIME_MARKER },
        packages,
        routes: sizes,
        reportPath,
        pass: failures.length === 0,
        failures,
      },
      null,
      2,
    ),
  )
  await writeFormatted(join(RESULTS_DIR, 'size.md'), markdown(packages, sizes, reportPath, meta))

  console.log('\nPackages (JS / CSS, raw and brotli):')
  console.log(
    textTable(
      ['package', 'version', 'JS raw', 'JS br', 'CSS raw', 'CSS br'],
      packages.map((p) => [p.name, p.version, kib(p.js.raw), kib(p.js.br), kib(p.css.raw), kib(p.css.br)]),
    ),
  )
  console.log('\nPer route, downloaded (brotli):')
  console.log(
    textTable(
      ['route', 'JS', 'CSS', 'scripts', 'by origin (JS + CSS)'],
      sizes.map((r) => [
        r.route,
        kib(r.js.br),
        kib(r.css.br),
        String(r.js.files),
        Object.entries(r.byOwner)
          .map(([o, s]) => `${o} ${kib(s.js + s.css)}`)
          .join(', '),
      ]),
    ),
  )
  console.log('\nChecks:')
  for (const r of sizes) {
    if (!r.rendered) console.log(`FAIL  ${r.route}: the route did not render its screen`)
    for (const k of Object.keys(CHECK_NAMES) as (keyof typeof CHECK_NAMES)[]) {
      console.log(
        `${r.checks[k].pass ? 'PASS' : 'FAIL'}  ${r.route}: ${CHECK_NAMES[k]}: ${r.checks[k].detail}`,
      )
    }
  }
  console.log(`\nField health report path:\n${reportPathText(reportPath, false)}`)
  console.log(`\nWritten: e2e/perf/results/size.json, size.md`)
  if (failures.length) {
    console.log(`\n${failures.length} check(s) failed.`)
    process.exit(1)
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error)
  process.exit(1)
})
