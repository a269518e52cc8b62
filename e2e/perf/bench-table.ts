import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { kib, mdTable, writeFormatted } from './common.ts'
import { BUILDS, type Build } from './load-visit.ts'
import { RESULTS_DIR, ROOT_DIR } from './serve-builds.ts'

/**
 * `pnpm bench:table`: issue #26's table, every route × (cold Node, cold nginx, warm, after a release) ×
 * (federated, monolithic), from the reports `pnpm bench:load` wrote (`load.json` for cold, `load-warm.json`,
 * `load-release.json`), with the budgets each profile failed and the commit each was measured on. It reads and
 * never measures, so profiles measured one after another (each takes hours at `BENCH_SWEEPS=3 BENCH_RUNS=3`)
 * make one table; it says so when they come from different commits.
 */

interface Check {
  name: string
  value: string
  pass: boolean | null
}

interface ColdRoute {
  route: string
  kind: string
  federated: { lcpMs: number; readyMs: number }
  monolithic: { lcpMs: number; readyMs: number } | null
  nginx: { lcpMs: number; readyMs: number }
  /** Behind nginx with the render service, on data pages (issue #45); absent from earlier reports. */
  rendered?: { lcpMs: number; readyMs: number } | null
  checks: Check[]
}

interface RevisitSummary {
  valid: number
  medians: { readyMs: number; lcpMs: number; fileBytes: number; releasedBytes: number | null }
}

/** A configuration a report has no figure of (`rendered` before issue #45) is absent. */
type RevisitRoute = { route: string; kind: string; checks: Check[] } & Partial<
  Record<Build, RevisitSummary | null>
>

interface Report<R> {
  generated?: string
  runs: number
  sweeps?: number
  routes: R[]
}

interface ReleaseReport extends Report<RevisitRoute> {
  release: { pkg: string; before: string; after: string; bytes: number } | null
}

/**
 * Whether two commits build the same product: nothing differs between them outside the benchmark's own code
 * and the docs (`e2e/`, `docs/`, Markdown). A commit with uncommitted changes is never known to.
 */
export type SameProduct = (a: string, b: string) => boolean

export function gitSameProduct(a: string, b: string, cwd = ROOT_DIR): boolean {
  if ([a, b].some((commit) => !/^[0-9a-f]{7,40}$/.test(commit))) return false
  try {
    execFileSync(
      'git',
      ['diff', '--quiet', a, b, '--', '.', ':(exclude)e2e', ':(exclude)docs', ':(exclude)*.md'],
      {
        cwd,
        stdio: 'ignore',
      },
    )
    return true
  } catch {
    return false
  }
}

export interface Profiles {
  cold: Report<ColdRoute> | null
  warm: Report<RevisitRoute> | null
  release: ReleaseReport | null
}

const ms = (value: number | null | undefined) =>
  value == null || !Number.isFinite(value) ? '–' : Math.round(value).toLocaleString('en-US')

/** "data on screen / LCP" in ms; one figure where they are the same. */
function cell(figures: { readyMs: number; lcpMs: number } | null | undefined): string {
  if (!figures) return 'n/a'
  const ready = ms(figures.readyMs)
  const lcp = ms(figures.lcpMs)
  return ready === lcp ? ready : `${ready} / ${lcp}`
}

const revisitCell = (summary: RevisitSummary | null | undefined) =>
  summary && summary.valid > 0 ? cell(summary.medians) : summary ? 'no valid run' : 'n/a'

/** What the borrower downloaded after the release, besides the page and the API's answers. */
function releaseBytes(route: RevisitRoute | undefined): string {
  if (!route) return 'not measured'
  return BUILDS.map((build) => {
    const s = route[build]
    return s && s.valid > 0 ? kib(s.medians.fileBytes) : '–'
  }).join(' / ')
}

const failed = (checks: Check[] | undefined) =>
  checks
    ?.filter((c) => c.pass === false)
    .map((c) => `${c.name}: ${c.value}`)
    .join('; ') || (checks ? 'none' : 'not measured')

const sweepsOf = (report: Report<unknown>) =>
  `${report.sweeps ?? 1} sweep${(report.sweeps ?? 1) > 1 ? 's' : ''} of ${report.runs} run${report.runs > 1 ? 's' : ''}`

/** The Markdown of the table, its budget failures and where each profile's figures came from. */
export function benchTable(profiles: Profiles, sameProduct: SameProduct): string {
  const { cold, warm, release } = profiles
  const routes = [
    ...new Set([cold, warm, release].flatMap((report) => report?.routes.map((r) => r.route) ?? [])),
  ]
  const find = <R extends { route: string }>(report: Report<R> | null, route: string) =>
    report?.routes.find((r) => r.route === route)
  const kindOf = (route: string) =>
    find(cold, route)?.kind ?? find(warm, route)?.kind ?? find(release, route)?.kind ?? ''

  const header = [
    'route',
    'kind',
    'cold, Node: federated',
    'cold, Node: monolithic',
    'cold, nginx: federated',
    'cold, nginx: rendered',
    'warm: federated (Node)',
    'warm: monolithic (Node)',
    'warm: federated (nginx)',
    'warm: rendered (nginx)',
    'after the release: federated (Node)',
    'after the release: monolithic (Node)',
    'after the release: federated (nginx)',
    'after the release: rendered (nginx)',
    'downloaded after the release: fed / mono / nginx / rendered',
  ]
  const rows = routes.map((route) => {
    const c = find(cold, route)
    const w = find(warm, route)
    const r = find(release, route)
    return [
      `\`${route}\``,
      kindOf(route),
      c ? cell(c.federated) : 'not measured',
      c ? cell(c.monolithic) : 'not measured',
      c ? cell(c.nginx) : 'not measured',
      c ? cell(c.rendered) : 'not measured',
      ...BUILDS.map((build) => (w ? revisitCell(w[build]) : 'not measured')),
      ...BUILDS.map((build) => (r ? revisitCell(r[build]) : 'not measured')),
      releaseBytes(r),
    ]
  })
  const budgetRows = routes.map((route) => [
    `\`${route}\``,
    failed(find(cold, route)?.checks),
    failed(find(warm, route)?.checks),
    failed(find(release, route)?.checks),
  ])
  const sources = (
    [
      ['cold', cold],
      ['warm', warm],
      ['after the release', release],
    ] as const
  ).map(([name, report]) =>
    report
      ? `- ${name}: ${report.generated ?? 'commit not recorded (a report from before `generated` was written)'}; ${sweepsOf(report)}`
      : `- ${name}: not measured (no report)`,
  )
  const commits = [
    ...new Set(
      [cold, warm, release].flatMap((report) =>
        report?.generated
          ? [/built from commit ([^,]+),/.exec(report.generated)?.[1] ?? report.generated]
          : [],
      ),
    ),
  ]
  const oneProduct = commits.every((commit) => sameProduct(commits[0], commit))
  const provenance =
    commits.length <= 1
      ? []
      : oneProduct
        ? [
            '',
            `Measured on commits ${commits.join(', ')}, which differ only in the benchmark's code and the docs: ` +
              'one product.',
          ]
        : ['', `**Measured on commits that build different products: ${commits.join(', ')}.**`]
  const released = release?.release
  return [
    "# Load benchmark: every route, cold, warm and after a release (issue #26's table)",
    '',
    'Written by `pnpm bench:table` from the reports of `pnpm bench:load` (`load.md`, `load-warm.md`, ' +
      '`load-release.md`: profiles, spreads and how to read them). Each cell: data on screen / LCP, in ms ' +
      '(one figure where they are the same), the median of the sweeps’ medians.',
    '',
    ...sources,
    ...provenance,
    ...(released
      ? [
          '',
          `The release: ${released.pkg} ${released.before} → ${released.after}, ${kib(released.bytes)} of files. ` +
            '"Downloaded after the release": the files (besides the page, the API’s answers and the registry) ' +
            'the returning borrower took from the network.',
        ]
      : []),
    '',
    mdTable(header, rows),
    '',
    '## Budgets failed',
    '',
    mdTable(['route', 'cold', 'warm', 'after the release'], budgetRows, ['l', 'l', 'l', 'l']),
    '',
  ].join('\n')
}

function read<T>(name: string): T | null {
  const file = join(RESULTS_DIR, name)
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : null
}

async function main() {
  const profiles: Profiles = {
    cold: read('load.json'),
    warm: read('load-warm.json'),
    release: read('load-release.json'),
  }
  if (!profiles.cold && !profiles.warm && !profiles.release) {
    throw new Error('no report of pnpm bench:load in e2e/perf/results: run it first')
  }
  const out = join(RESULTS_DIR, 'load-table.md')
  await writeFormatted(out, benchTable(profiles, gitSameProduct))
  console.log(`Written: e2e/perf/results/load-table.md`)
}

if (process.argv[1]?.endsWith('bench-table.ts')) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.stack : error)
    process.exit(1)
  })
}
